package org.matchledger.audit.page;

import io.quarkus.qute.TemplateData;
import org.matchledger.core.view.MatchView;
import org.matchledger.core.view.PendingOptionView;
import org.matchledger.core.view.PlayerView;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The appeal page's view panel (template {@code AppealPage/viewPanel.html}): the match view after one seq as the
 * committee reads it, players by name, the balls on the table drawn as the timeline draws them ({@link Ball}). Rendered
 * on the server for each step of the page's step control; the page's script only swaps it in. Read from the
 * re-derived {@link MatchView} itself: values are shown as the view's JSON writes them (enum names), "–" for none.
 */
@TemplateData
public record ViewPanel(long seq, String status, String rack, String atTable, String breaker, String cueBall,
                        List<Ball> balls, String pendingOption, String winner, List<Player> players) {
    static final String NONE = "–";

    /** One player's row: name (id), score, fouls in a row, group. */
    @TemplateData
    public record Player(String id, String name, String score, String fouls, String group) {
        static Player of(PlayerView p) {
            return new Player(p.id(), nameOf(p) + " (" + p.id() + ")", Integer.toString(p.score()),
                    Integer.toString(p.consecutiveFouls()), text(p.group()));
        }
    }

    public static ViewPanel of(MatchView v) {
        List<PlayerView> players = v.players() == null ? List.of() : v.players();
        Map<String, String> names = new HashMap<>();
        players.forEach(p -> names.put(p.id(), nameOf(p)));
        String discipline = v.discipline() == null ? null : v.discipline().name();
        List<Integer> balls = v.ballsOnTable() == null ? List.of() : v.ballsOnTable();
        return new ViewPanel(v.lastSeq(), text(v.status()), Integer.toString(v.rack()), who(names, v.atTable()),
                who(names, v.breaker()), text(v.cueBall()), Ball.of(discipline, balls),
                pending(names, v.pendingOption()), who(names, v.winner()), players.stream().map(Player::of).toList());
    }

    /** "Name: OPTION / OPTION", or "–" when no option is pending. */
    private static String pending(Map<String, String> names, PendingOptionView option) {
        if (option == null) {
            return NONE;
        }
        List<String> options = option.options() == null ? List.of()
                : option.options().stream().map(Enum::name).toList();
        return who(names, option.player()) + ": " + String.join(" / ", options);
    }

    private static String nameOf(PlayerView p) {
        return p.name() != null ? p.name() : p.id();
    }

    /** A player by name (the id when the view does not name them), or "–". */
    private static String who(Map<String, String> names, String id) {
        return id == null ? NONE : names.getOrDefault(id, id);
    }

    private static String text(Enum<?> value) {
        return value == null ? NONE : value.name();
    }
}
