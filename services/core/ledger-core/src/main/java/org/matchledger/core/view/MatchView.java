package org.matchledger.core.view;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import org.matchledger.core.event.BreakFormat;
import org.matchledger.core.event.Discipline;

import java.util.List;

/**
 * The state of one match as every projection serves it (docs/view.md "Match view"). Field names and values are the
 * contract; {@code tableId} and {@code visitsLeft} (Black Ball {@code TWO_VISITS} only) are additions.
 */
@JsonPropertyOrder({"matchId", "discipline", "status", "raceTo", "breakFormat", "tableId", "rack", "players", "breaker",
        "atTable", "nextShotIsBreak", "cueBall", "freeShot", "visitsLeft", "pushOutAvailable", "tableOpen",
        "ballsOnTable", "pendingOption", "stalemate", "winner", "closed", "lastSeq"})
public record MatchView(String matchId, Discipline discipline, Status status, int raceTo, BreakFormat breakFormat,
                        @JsonInclude(JsonInclude.Include.NON_NULL) String tableId,
                        int rack, List<PlayerView> players, String breaker, String atTable,
                        boolean nextShotIsBreak, CueBall cueBall, boolean freeShot,
                        @JsonInclude(JsonInclude.Include.NON_NULL) Integer visitsLeft,
                        boolean pushOutAvailable, boolean tableOpen, List<Integer> ballsOnTable,
                        PendingOptionView pendingOption, StalemateView stalemate, String winner,
                        @JsonInclude(JsonInclude.Include.NON_NULL) Boolean closed, long lastSeq) {

    /** A view of a match that has not closed ({@code closed} absent from the JSON). */
    public MatchView(String matchId, Discipline discipline, Status status, int raceTo, BreakFormat breakFormat,
                     String tableId, int rack, List<PlayerView> players, String breaker, String atTable,
                     boolean nextShotIsBreak, CueBall cueBall, boolean freeShot, Integer visitsLeft,
                     boolean pushOutAvailable, boolean tableOpen, List<Integer> ballsOnTable,
                     PendingOptionView pendingOption, StalemateView stalemate, String winner, long lastSeq) {
        this(matchId, discipline, status, raceTo, breakFormat, tableId, rack, players, breaker, atTable, nextShotIsBreak,
                cueBall, freeShot, visitsLeft, pushOutAvailable, tableOpen, ballsOnTable, pendingOption, stalemate, winner,
                null, lastSeq);
    }

    /** The same view with {@code "closed": true}: the last one of a closed match (docs/view.md). */
    public MatchView asClosed() {
        return new MatchView(matchId, discipline, status, raceTo, breakFormat, tableId, rack, players, breaker, atTable,
                nextShotIsBreak, cueBall, freeShot, visitsLeft, pushOutAvailable, tableOpen, ballsOnTable, pendingOption,
                stalemate, winner, Boolean.TRUE, lastSeq);
    }
}
