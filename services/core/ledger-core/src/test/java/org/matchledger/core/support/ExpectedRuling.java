package org.matchledger.core.support;

import org.matchledger.core.event.OptionName;
import org.matchledger.core.ruling.Foul;
import org.matchledger.core.ruling.Ruling;
import org.matchledger.core.ruling.RulingKind;
import org.matchledger.core.view.CueBall;
import org.matchledger.core.view.Group;

import java.util.ArrayList;
import java.util.List;

/**
 * What the rules decide in one ruling (docs/view.md "Rulings"): its kind and the fields the rules fill — player, rule,
 * foul, points, group, balls, cue ball, free shot, options, option. The stamps (match, seq, event id, n) and the free
 * texts (detail, reason) are left out. {@link MatchScript#expectRulings} compares whole lists of these.
 * <pre>
 *   m.expectRulings(foul("p1", Foul.CUE_BALL_SCRATCH, "6.1"), turn("p2", CueBall.IN_HAND));
 * </pre>
 */
public record ExpectedRuling(RulingKind kind, String player, String rule, Foul foul, Integer points, Group group,
                             List<Integer> balls, CueBall cueBall, Boolean freeShot, List<OptionName> options,
                             OptionName option) {

    /** The decided fields of an actual ruling. */
    public static ExpectedRuling of(Ruling r) {
        return new ExpectedRuling(r.kind(), r.player(), r.rule(), r.foul(), r.points(), r.group(), r.balls(),
                r.cueBall(), r.freeShot(), r.options(), r.option());
    }

    /** A ruling of this kind carrying no decided field; add fields with the {@code with…} methods. */
    public static ExpectedRuling kind(RulingKind kind) {
        return new ExpectedRuling(kind, null, null, null, null, null, null, null, null, null, null);
    }

    /** A standard foul (docs/view.md: a FOUL carries player, rule, foul and points; 0 points outside 14.1). */
    public static ExpectedRuling foul(String player, Foul foul, String rule) {
        return kind(RulingKind.FOUL).withPlayer(player).withRule(rule).withFoul(foul).withPoints(0);
    }

    /** The table changes hands (docs/view.md: TURN carries the incoming player, the cue ball and freeShot). */
    public static ExpectedRuling turn(String incoming, CueBall cueBall) {
        return kind(RulingKind.TURN).withPlayer(incoming).withCueBall(cueBall).withFreeShot(false);
    }

    /** A legal shot with no other consequence: the shooter stays at the table. */
    public static ExpectedRuling continueFor(String player) {
        return kind(RulingKind.CONTINUE).withPlayer(player);
    }

    public ExpectedRuling withPlayer(String v) {
        return new ExpectedRuling(kind, v, rule, foul, points, group, balls, cueBall, freeShot, options, option);
    }

    public ExpectedRuling withRule(String v) {
        return new ExpectedRuling(kind, player, v, foul, points, group, balls, cueBall, freeShot, options, option);
    }

    public ExpectedRuling withFoul(Foul v) {
        return new ExpectedRuling(kind, player, rule, v, points, group, balls, cueBall, freeShot, options, option);
    }

    public ExpectedRuling withPoints(Integer v) {
        return new ExpectedRuling(kind, player, rule, foul, v, group, balls, cueBall, freeShot, options, option);
    }

    public ExpectedRuling withGroup(Group v) {
        return new ExpectedRuling(kind, player, rule, foul, points, v, balls, cueBall, freeShot, options, option);
    }

    public ExpectedRuling withBalls(Integer... v) {
        return new ExpectedRuling(kind, player, rule, foul, points, group, List.of(v), cueBall, freeShot, options, option);
    }

    public ExpectedRuling withCueBall(CueBall v) {
        return new ExpectedRuling(kind, player, rule, foul, points, group, balls, v, freeShot, options, option);
    }

    public ExpectedRuling withFreeShot(Boolean v) {
        return new ExpectedRuling(kind, player, rule, foul, points, group, balls, cueBall, v, options, option);
    }

    public ExpectedRuling withOptions(OptionName... v) {
        return new ExpectedRuling(kind, player, rule, foul, points, group, balls, cueBall, freeShot, List.of(v), option);
    }

    public ExpectedRuling withOption(OptionName v) {
        return new ExpectedRuling(kind, player, rule, foul, points, group, balls, cueBall, freeShot, options, v);
    }

    /** One line, the fields set only: {@code FOUL player=p1 rule=6.1 foul=CUE_BALL_SCRATCH points=0}. */
    @Override
    public String toString() {
        List<String> parts = new ArrayList<>();
        parts.add(String.valueOf(kind));
        add(parts, "player", player);
        add(parts, "rule", rule);
        add(parts, "foul", foul);
        add(parts, "points", points);
        add(parts, "group", group);
        add(parts, "balls", balls);
        add(parts, "cueBall", cueBall);
        add(parts, "freeShot", freeShot);
        add(parts, "options", options);
        add(parts, "option", option);
        return String.join(" ", parts);
    }

    private static void add(List<String> parts, String name, Object value) {
        if (value != null) {
            parts.add(name + "=" + value);
        }
    }
}
