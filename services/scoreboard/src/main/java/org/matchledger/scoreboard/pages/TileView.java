package org.matchledger.scoreboard.pages;

import io.quarkus.qute.TemplateData;
import org.matchledger.scoreboard.readmodel.LedgerView;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A match view as the tile and overlay templates ({@code templates/tiles/}) show it. A view is data from the ledger,
 * not markup: texts stay texts (the templates escape them), numbers are integers ({@link LedgerView} reads them so),
 * and what becomes a class name or a styled attribute ({@code data-status}, ball colours) comes from an allow-list only.
 */
@TemplateData
public record TileView(String matchId, String status, boolean closed, long lastSeq, String table, String discipline,
                       int raceTo, int rack, boolean straightPool, List<TilePlayer> players, String atTableId,
                       String atTableText, List<TileBall> balls) {
    static final Set<String> STATUSES = Set.of("AWAITING_LAG", "IN_PROGRESS", LedgerView.FINISHED);

    public static TileView of(LedgerView v) {
        String id = v.matchId();
        String discipline = v.discipline();
        boolean straightPool = "STRAIGHT_POOL".equals(discipline);
        String status = v.status() == null ? "" : v.status();
        String atTable = v.atTable();
        List<TilePlayer> players = new ArrayList<>();
        String atTableText = "";
        for (LedgerView.Player p : v.players()) {
            boolean at = p.id().equals(atTable);
            boolean wins = p.id().equals(v.winner());
            if (at && atTableText.isEmpty()) {
                atTableText = p.name();
            }
            players.add(new TilePlayer(p.id(), p.name(), at, wins, fouls(p), p.currentRun(), p.highRun(), p.score()));
        }
        if (LedgerView.FINISHED.equals(status)) {
            for (TilePlayer p : players) {
                if (p.winner()) {
                    atTableText = p.name() + " wins";
                }
            }
        }
        List<TileBall> balls = new ArrayList<>();
        for (int b : v.ballsOnTable()) {
            balls.add(TileBall.of(discipline, b));
        }
        return new TileView(id, STATUSES.contains(status) ? status : "", v.closed(), v.lastSeq(),
                v.tableId() == null ? id : v.tableId(), discipline(discipline), v.raceTo(), v.rack(), straightPool,
                players, atTable == null ? "" : atTable, atTableText, balls);
    }

    /** Whether the dashboard lists the match under Finished. */
    public boolean finished() {
        return LedgerView.FINISHED.equals(status) || closed;
    }

    static String discipline(String d) {
        return switch (d) {
            case "NINE_BALL" -> "9-Ball";
            case "EIGHT_BALL" -> "8-Ball";
            case "STRAIGHT_POOL" -> "14.1";
            case "BLACKBALL", "BLACK_BALL" -> "Black Ball";
            default -> d;
        };
    }

    private static String fouls(LedgerView.Player p) {
        if (p.onTwoFouls()) {
            return "2 FOULS";
        }
        int n = p.consecutiveFouls();
        return n == 0 ? "" : n == 1 ? "1 FOUL" : n + " FOULS";
    }
}
