package org.matchledger.core.ruling;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import org.matchledger.core.event.OptionName;
import org.matchledger.core.view.CueBall;
import org.matchledger.core.view.Group;

import java.util.List;

/**
 * One ledger entry (docs/view.md "Rulings"): what changed and the rule that justifies it. Fields that a kind does not
 * carry are null and left out of the JSON. {@code rejudges} is set on rulings re-given by a correction.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"matchId", "seq", "eventId", "n", "kind", "player", "rule", "foul", "points", "group", "balls",
        "cueBall", "freeShot", "options", "option", "targetId", "reason", "detail", "rejudges"})
public record Ruling(String matchId, Long seq, String eventId, int n, RulingKind kind, String player, String rule,
                     Foul foul, Integer points, Group group, List<Integer> balls, CueBall cueBall, Boolean freeShot,
                     List<OptionName> options, OptionName option, String targetId, String reason, String detail,
                     Long rejudges) {

    public static Builder of(RulingKind kind) {
        return new Builder(kind);
    }

    /** A ruling under construction; {@link Rulings} stamps match, seq, event id and position. */
    public static final class Builder {
        private final RulingKind kind;
        private String player;
        private String rule;
        private Foul foul;
        private Integer points;
        private Group group;
        private List<Integer> balls;
        private CueBall cueBall;
        private Boolean freeShot;
        private List<OptionName> options;
        private OptionName option;
        private String targetId;
        private String reason;
        private String detail;

        private Builder(RulingKind kind) {
            this.kind = kind;
        }

        public Builder player(String v) { player = v; return this; }
        public Builder rule(String v) { rule = v; return this; }
        public Builder foul(Foul v) { foul = v; return this; }
        public Builder points(int v) { points = v; return this; }
        public Builder group(Group v) { group = v; return this; }
        public Builder balls(List<Integer> v) { balls = List.copyOf(v); return this; }
        public Builder cueBall(CueBall v) { cueBall = v; return this; }
        public Builder freeShot(boolean v) { freeShot = v; return this; }
        public Builder options(List<OptionName> v) { options = List.copyOf(v); return this; }
        public Builder option(OptionName v) { option = v; return this; }
        public Builder targetId(String v) { targetId = v; return this; }
        public Builder reason(String v) { reason = v; return this; }
        public Builder detail(String v) { detail = v; return this; }

        public Ruling build(String matchId, Long seq, String eventId, int n, Long rejudges) {
            return new Ruling(matchId, seq, eventId, n, kind, player, rule, foul, points, group, balls, cueBall, freeShot,
                    options, option, targetId, reason, detail, rejudges);
        }
    }
}
