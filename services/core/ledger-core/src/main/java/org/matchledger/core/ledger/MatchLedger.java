package org.matchledger.core.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import org.matchledger.core.event.EventData;
import org.matchledger.core.event.EventParser;
import org.matchledger.core.event.EventType;
import org.matchledger.core.event.ParseResult;
import org.matchledger.core.event.Rejection;
import org.matchledger.core.event.RefereeCall;
import org.matchledger.core.event.TableEvent;
import org.matchledger.core.rules.MatchState;
import org.matchledger.core.ruling.Ruling;
import org.matchledger.core.ruling.RulingKind;
import org.matchledger.core.ruling.Rulings;
import org.matchledger.core.view.Status;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The fold: {@code (match, event) → (match', rulings)}. The one entry point that the processor, the replay tool and
 * the audit trail all call. It never throws on an event: a malformed or unacceptable event is rejected with a
 * reason and changes nothing.
 */
public final class MatchLedger {
    /** The most events a match applies (corrections and appeals included): an event with a higher seq is rejected. */
    public static final int MAX_EVENTS = 10_000;

    static final Rejection NOT_OPENED =
            Rejection.of("type", "the match has not been opened; the first event must be pool.match.opened with seq 1");

    private MatchLedger() {
    }

    public static Outcome apply(Match match, JsonNode event) {
        return apply(match, EventParser.parse(event));
    }

    public static Outcome apply(Match match, ParseResult parsed) {
        if (parsed instanceof ParseResult.Invalid bad) {
            return rejected(match, bad.id(), bad.seq(), bad.subject(), bad.rejection());
        }
        return apply(match, ((ParseResult.Parsed) parsed).event());
    }

    public static Outcome apply(Match match, TableEvent ev) {
        return apply(match, ev, false);
    }

    /**
     * {@link #apply(Match, TableEvent)} without copying the state: faster, for a caller that folds a stream and
     * drops each match once it has the next (the processor, the replay tool). The {@code match} passed in must not be
     * used afterwards: its state may have been changed.
     */
    public static Outcome advance(Match match, TableEvent ev) {
        return apply(match, ev, true);
    }

    /** {@link #advance(Match, TableEvent)} for a JSON event. */
    public static Outcome advance(Match match, JsonNode event) {
        ParseResult parsed = EventParser.parse(event);
        if (parsed instanceof ParseResult.Invalid bad) {
            return rejected(match, bad.id(), bad.seq(), bad.subject(), bad.rejection());
        }
        return apply(match, ((ParseResult.Parsed) parsed).event(), true);
    }

    private static Outcome apply(Match match, TableEvent ev, boolean inPlace) {
        MatchState s = match.state();
        Optional<Rejection> notThisPoster = PostingRule.refusal(s, ev);
        if (notThisPoster.isPresent()) {
            return rejected(match, ev, notThisPoster.get());
        }
        if (s == null) {
            if (ev.type() != EventType.MATCH_OPENED) {
                return rejected(match, ev, NOT_OPENED);
            }
            if (ev.seq() != 1) {
                return rejected(match, ev, Rejection.of("seq", "expected seq 1 for pool.match.opened, got " + ev.seq()));
            }
        } else {
            if (!ev.subject().equals(s.matchId())) {
                return rejected(match, ev, Rejection.of("subject", "this is match " + s.matchId() + ", not " + ev.subject()));
            }
            int known = match.history().indexOf(ev.id());
            if (known >= 0) {
                TableEvent applied = match.history().get(known);
                if (applied.digest().equals(ev.digest())) {
                    return new Outcome.Duplicate(match, new Rulings().stampOne(Ruling.of(RulingKind.DUPLICATE)
                            .detail("same as the applied event with seq " + applied.seq()), s.matchId(), ev.seq(), ev.id()));
                }
                return rejected(match, ev, Rejection.of("id", ev.id() + " was already used by the applied event with seq "
                        + applied.seq() + " and other content"));
            }
            long expected = s.lastSeq() + 1;
            if (ev.seq() > MAX_EVENTS) {
                return rejected(match, ev, Rejection.of("seq", "a match holds at most " + MAX_EVENTS + " events; " + ev.seq()
                        + " is over it" + (expected <= MAX_EVENTS ? " (expected seq " + expected + ")" : "")));
            }
            if (ev.seq() < expected) {
                return rejected(match, ev, Rejection.of("seq", ev.seq() + " is already taken by event "
                        + match.history().get((int) ev.seq() - 1).id() + "; expected seq " + expected));
            }
            if (ev.seq() > expected) {
                return rejected(match, ev, Rejection.of("seq", "gap, expected seq " + expected + ", got " + ev.seq()));
            }
            if (ev.type().isCorrection() || Corrections.isOutsideInterference(ev)) {
                return correct(match, ev);
            }
        }
        EventJudge.Judgement j = EventJudge.judge(s, ev, match.history(), match.history().size(), inPlace);
        if (j instanceof EventJudge.Judgement.Refused refused) {
            return rejected(match, ev, refused.rejection());
        }
        EventJudge.Judgement.Accepted accepted = (EventJudge.Judgement.Accepted) j;
        String matchId = accepted.after().matchId();
        return new Outcome.Applied(new Match(accepted.after(), match.history().append(ev)),
                accepted.rulings().stamp(matchId, ev.seq(), ev.id(), 0, null));
    }

    // ---- corrections -------------------------------------------------------------------------------------------

    /**
     * A void, a correction or an outside-interference ruling: the match is re-derived from its events as they now
     * read. The ruling that says so comes first, then the rulings of every later event, re-judged.
     */
    private static Outcome correct(Match match, TableEvent ev) {
        EventHistory history = match.history();
        Corrections before = Corrections.of(history);
        int target;
        Ruling.Builder head;
        if (ev.data() instanceof EventData.RulingMade) {
            Status status = match.state().status();
            if (status != Status.IN_PROGRESS) {
                return rejected(match, ev, Rejection.of("type", "OUTSIDE_INTERFERENCE is accepted only while the match is in progress"));
            }
            target = before.lastShotBefore(history, history.size());
            if (target < 0) {
                return rejected(match, ev, Rejection.of("data.ruling", "there is no shot to replay (1.9)"));
            }
            head = Ruling.of(RulingKind.EVENT_VOIDED).targetId(history.get(target).id()).rule("1.9")
                    .detail("OUTSIDE_INTERFERENCE");
        } else {
            String targetId = ev.data() instanceof EventData.EventVoided v ? v.targetId()
                    : ((EventData.EventCorrected) ev.data()).targetId();
            target = history.indexOf(targetId);
            if (target < 0) {
                return rejected(match, ev, Rejection.of("data.targetId", "no applied event with id " + targetId + " in match " + match.matchId()));
            }
            if (before.isCorrection(target)) {
                return rejected(match, ev, Rejection.of("data.targetId", targetId + " is itself a correction; correct its target instead"));
            }
            boolean targetIsOpening = history.get(target).type() == EventType.MATCH_OPENED;
            if (ev.data() instanceof EventData.EventCorrected k) {
                if (targetIsOpening != (k.replacementType() == EventType.MATCH_OPENED)) {
                    return rejected(match, ev, Rejection.of("data.replacement.type", "pool.match.opened is replaced only by pool.match.opened, and only it"));
                }
                if (k.replacementData() instanceof EventData.RulingMade r && r.ruling() == RefereeCall.OUTSIDE_INTERFERENCE) {
                    return rejected(match, ev, Rejection.of("data.replacement.data.ruling", "OUTSIDE_INTERFERENCE cannot be a replacement"));
                }
                head = Ruling.of(RulingKind.EVENT_CORRECTED).targetId(targetId);
            } else {
                if (targetIsOpening) {
                    return rejected(match, ev, Rejection.of("data.targetId", "the match opening cannot be voided; correct it instead"));
                }
                head = Ruling.of(RulingKind.EVENT_VOIDED).targetId(targetId);
            }
        }
        EventHistory after = history.append(ev);
        Derivation d = Derivation.of(after);
        if (d.state() == null) {
            return rejected(match, ev, Rejection.of("data.replacement", "the corrected opening is rejected: " + d.openingRejection().text()));
        }
        d.state().applied(ev.seq());
        String matchId = d.state().matchId();
        List<Ruling> rulings = new ArrayList<>();
        Rulings first = new Rulings();
        first.add(head);
        rulings.addAll(first.stamp(matchId, ev.seq(), ev.id(), 0, null));
        // The corrected event itself is re-judged too (its replacement's rulings), then every later event.
        int firstRejudged = ev.type() == EventType.EVENT_CORRECTED ? target : target + 1;
        for (int i = firstRejudged; i < after.size() - 1; i++) {
            Rulings r = d.rulingsOf(i);
            if (r != null) {
                rulings.addAll(r.stamp(matchId, ev.seq(), ev.id(), rulings.size(), after.get(i).seq()));
            }
        }
        return new Outcome.Applied(new Match(d.state(), after), List.copyOf(rulings));
    }

    // ---- rejections --------------------------------------------------------------------------------------------

    private static Outcome rejected(Match match, TableEvent ev, Rejection rejection) {
        return rejected(match, ev.id(), ev.seq(), ev.subject(), rejection);
    }

    private static Outcome rejected(Match match, String id, Long seq, String subject, Rejection rejection) {
        String matchId = match.matchId() != null ? match.matchId() : subject;
        return new Outcome.Rejected(match, rejection, new Rulings().stampOne(
                Ruling.of(RulingKind.EVENT_REJECTED).reason(rejection.text()), matchId, seq, id));
    }
}
