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
        "ballsOnTable", "pendingOption", "stalemate", "winner", "lastSeq"})
public record MatchView(String matchId, Discipline discipline, Status status, int raceTo, BreakFormat breakFormat,
                        @JsonInclude(JsonInclude.Include.NON_NULL) String tableId,
                        int rack, List<PlayerView> players, String breaker, String atTable,
                        boolean nextShotIsBreak, CueBall cueBall, boolean freeShot,
                        @JsonInclude(JsonInclude.Include.NON_NULL) Integer visitsLeft,
                        boolean pushOutAvailable, boolean tableOpen, List<Integer> ballsOnTable,
                        PendingOptionView pendingOption, StalemateView stalemate, String winner, long lastSeq) {
}
