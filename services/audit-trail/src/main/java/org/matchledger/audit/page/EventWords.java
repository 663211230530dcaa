package org.matchledger.audit.page;

import org.matchledger.core.event.Discipline;
import org.matchledger.core.event.EventData;
import org.matchledger.core.event.EventData.AppealDecided;
import org.matchledger.core.event.EventData.AppealFiled;
import org.matchledger.core.event.EventData.EventCorrected;
import org.matchledger.core.event.EventData.EventVoided;
import org.matchledger.core.event.EventData.LagResult;
import org.matchledger.core.event.EventData.LagTaken;
import org.matchledger.core.event.EventData.MatchConceded;
import org.matchledger.core.event.EventData.MatchOpened;
import org.matchledger.core.event.EventData.OptionChosen;
import org.matchledger.core.event.EventData.PocketedBall;
import org.matchledger.core.event.EventData.RulingMade;
import org.matchledger.core.event.EventData.ShotTaken;
import org.matchledger.core.event.EventType;
import org.matchledger.core.event.RefereeFoul;
import org.matchledger.core.event.TableEvent;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What an event says, in words for an appeals committee (docs/events.md, field by field), read from the event as the
 * core parsed it ({@link EventData}): a shot's call, first ball hit, balls pocketed, scratch, balls off the table and
 * the fouls the referee saw; the lag, an option chosen, a referee's ruling, a concession, a correction's reason and
 * replacement, an appeal's grounds and decision. Players by name. Only what the event carries is said: an optional
 * field left out is not described.
 */
final class EventWords {
    private final Opening opening;

    EventWords(Opening opening) {
        this.opening = opening;
    }

    String name(String id) {
        return opening.name(id);
    }

    List<Fact> of(TableEvent event) {
        return of(event.type(), event.data());
    }

    /** The facts of {@code data}, which is the data of {@code type} (the parser's pairing; the switch covers every type). */
    List<Fact> of(EventType type, EventData data) {
        return switch (type) {
            case MATCH_OPENED -> opened((MatchOpened) data);
            case LAG_TAKEN -> lag((LagTaken) data);
            case SHOT_TAKEN -> shot((ShotTaken) data);
            case OPTION_CHOSEN -> option((OptionChosen) data);
            case RULING_MADE -> ruling((RulingMade) data);
            case MATCH_CONCEDED -> List.of(Fact.of("concession", name(((MatchConceded) data).player()) + " concedes the match"));
            case EVENT_VOIDED -> voided((EventVoided) data);
            case EVENT_CORRECTED -> corrected((EventCorrected) data);
            case APPEAL_FILED -> filed((AppealFiled) data);
            case APPEAL_DECIDED -> decided((AppealDecided) data);
        };
    }

    private List<Fact> opened(MatchOpened d) {
        List<Fact> f = new ArrayList<>();
        f.add(Fact.of("players", String.join(" v ", d.players().stream().map(p -> name(p.id())).toList())));
        f.add(Fact.of("discipline", words(d.discipline().name()) + ", race to " + d.raceTo()
                + (d.breakFormat() != null ? ", " + words(d.breakFormat().name()) + " break" : "")));
        if (d.tableId() != null && !d.tableId().isEmpty()) {
            f.add(Fact.of("table", d.tableId()));
        }
        return f;
    }

    private List<Fact> lag(LagTaken d) {
        List<Fact> f = new ArrayList<>();
        for (LagResult r : d.results()) {
            List<String> bad = new ArrayList<>();
            if (r.footRailContacts() != 1) {
                bad.add(r.footRailContacts() + " foot-rail contacts");
            }
            flag(bad, r.crossedLongString(), "crossedLongString");
            flag(bad, r.touchedSideRail(), "touchedSideRail");
            flag(bad, r.pocketedOrOffTable(), "pocketedOrOffTable");
            flag(bad, r.stoppedInCornerPocketPastHeadRail(), "stoppedInCornerPocketPastHeadRail");
            flag(bad, r.otherFoul(), "otherFoul");
            f.add(Fact.of("lag of " + name(r.player()), distance(r.distanceFromHeadRail())
                    + " from the head rail" + (bad.isEmpty() ? "" : "; bad lag: " + String.join(", ", bad))));
        }
        if (d.struckLate() != null) {
            f.add(Fact.of("struck late", name(d.struckLate())));
        }
        if (d.tooCloseToCall()) {
            f.add(Fact.of("result", "too close to call"));
        }
        return f;
    }

    private List<Fact> shot(ShotTaken d) {
        String discipline = opening.disciplineName();
        List<Fact> f = new ArrayList<>();
        f.add(Fact.of("shooter", name(d.shooter())));
        if (d.pushOut()) {
            f.add(Fact.of("called", "push out"));
        } else if (d.safety()) {
            f.add(Fact.of("called", "safety"));
        } else if (d.call() != null) {
            int ball = d.call().ball();
            f.add(new Fact("called", Ball.word(discipline, ball) + " in " + words(d.call().pocket().name()),
                    List.of(Ball.of(discipline, ball))));
        }
        if (d.placement() != null) {
            f.add(Fact.of("cue ball placed", kitchen(words(d.placement().name()))));
        }
        if (d.firstContact() != null) {
            int ball = d.firstContact();
            f.add(new Fact("first ball hit", Ball.word(discipline, ball), List.of(Ball.of(discipline, ball))));
        } else {
            f.add(Fact.of("first ball hit", "none"));
        }
        List<String> pocketed = new ArrayList<>();
        List<Integer> balls = new ArrayList<>();
        for (PocketedBall p : d.pocketed()) {
            balls.add(p.ball());
            pocketed.add(Ball.word(discipline, p.ball()) + " in " + words(p.pocket().name()));
        }
        f.add(new Fact("pocketed", pocketed.isEmpty() ? "none" : String.join(", ", pocketed), Ball.of(discipline, balls)));
        if (!d.offTable().isEmpty()) {
            f.add(new Fact("off the table", String.join(", ", d.offTable().stream().map(b -> Ball.word(discipline, b)).toList()),
                    Ball.of(discipline, d.offTable())));
        }
        if (d.scratched()) {
            f.add(Fact.of("scratch", d.cueBallPocketed() ? "cue ball pocketed" : "cue ball off the table"));
        }
        if (d.firstContact() != null) {
            f.add(Fact.of("rail after contact", d.railAfterContact() ? "yes" : "no"));
        }
        if (d.objectBallsToRail() > 0) {
            f.add(Fact.of("object balls to a rail", Integer.toString(d.objectBallsToRail())));
        }
        if (d.objectBallsCrossedCenter() > 0) {
            f.add(Fact.of("balls across the centre line", Integer.toString(d.objectBallsCrossedCenter())));
        }
        seen(f, d.cueBallToRail(), "cueBallToRail");
        seen(f, d.firstContactBehindHeadString(), "firstContactBehindHeadString");
        seen(f, d.cueBallCrossedHeadString(), "cueBallCrossedHeadString");
        seen(f, d.cueBallJumpedBall(), "cueBallJumpedBall");
        List<String> fouls = d.fouls().stream().map(RefereeFoul::name).map(EventWords::words).toList();
        f.add(Fact.of("fouls seen", fouls.isEmpty() ? "none" : String.join(", ", fouls)));
        if (d.rerack() != null) {
            List<String> r = new ArrayList<>();
            flag(r, d.rerack().cueBallInRackArea(), "cueBallInRackArea");
            flag(r, d.rerack().lastBallInRackArea(), "lastBallInRackArea");
            flag(r, d.rerack().lastBallBehindHeadString(), "lastBallBehindHeadString");
            f.add(Fact.of("re-rack", r.isEmpty() ? "nothing in the rack area" : String.join(", ", r)));
        }
        return f;
    }

    private List<Fact> option(OptionChosen d) {
        return List.of(Fact.of("option", name(d.player()) + " chose " + words(d.option().name())));
    }

    private List<Fact> ruling(RulingMade d) {
        List<Fact> f = new ArrayList<>();
        String what = words(d.ruling().name());
        if (d.player() != null) {
            what += " on " + name(d.player());
        }
        if (d.penalty() != null) {
            what += ", penalty " + words(d.penalty().name());
        }
        f.add(Fact.of("referee", what));
        if (d.note() != null) {
            f.add(Fact.of("note", d.note()));
        }
        return f;
    }

    private List<Fact> voided(EventVoided d) {
        return d.reason() == null ? List.of() : List.of(Fact.of("reason", d.reason()));
    }

    private List<Fact> corrected(EventCorrected d) {
        List<Fact> f = new ArrayList<>();
        if (d.reason() != null) {
            f.add(Fact.of("reason", d.reason()));
        }
        f.add(Fact.of("replacement", d.replacementType().wireName()));
        return f;
    }

    private List<Fact> filed(AppealFiled d) {
        List<Fact> f = new ArrayList<>();
        f.add(Fact.of("appellant", name(d.player())));
        if (d.grounds() != null) {
            f.add(Fact.of("grounds", d.grounds()));
        }
        return f;
    }

    private List<Fact> decided(AppealDecided d) {
        List<Fact> f = new ArrayList<>();
        f.add(Fact.of("decision", d.upheld() ? "upheld" : "dismissed"));
        if (d.note() != null) {
            f.add(Fact.of("note", d.note()));
        }
        return f;
    }

    /** Adds the words of a flag the event sets ({@code cueBallInRackArea} → "cue ball in rack area"). */
    private static void flag(List<String> out, boolean set, String name) {
        if (set) {
            out.add(words(name));
        }
    }

    private void seen(List<Fact> f, boolean set, String name) {
        if (set) {
            f.add(Fact.of("seen", kitchen(words(name))));
        }
    }

    /** A lag's distance as posted: 12.5, 28 (no trailing zeros, never in exponent form). */
    static String distance(double value) {
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }

    /** Black Ball reads the head string as the baulk line and behind it as in baulk (docs/events.md, Vocabulary). */
    private String kitchen(String words) {
        if (opening.discipline() != Discipline.BLACKBALL) {
            return words;
        }
        return words.replace("behind head string", "in baulk").replace("behind the head string", "in baulk")
                .replace("head string", "baulk line");
    }

    /** An enum name in words: FOOT_LEFT → "foot left", cueBallJumpedBall → "cue ball jumped ball". */
    static String words(String name) {
        if (name.equals(name.toUpperCase(Locale.ROOT))) {
            return name.replace('_', ' ').toLowerCase(Locale.ROOT);
        }
        return name.replaceAll("([a-z])([A-Z])", "$1 $2").toLowerCase(Locale.ROOT);
    }
}
