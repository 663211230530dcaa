package org.matchledger.processor;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.matchledger.core.event.Discipline;
import org.matchledger.core.json.Json;
import org.matchledger.core.ledger.Outcome;
import org.matchledger.core.ledger.Replay;
import org.matchledger.core.ruling.RulingKind;
import org.matchledger.sim.MatchPlayer;
import org.matchledger.sim.SimProfile;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A long 9-ball match as a table reports it (the simulator), then a burst of referee voids of its shots, chosen at
 * random: each void re-judges every event after its target, so the burst gives tens of thousands of rulings. The
 * replay tool has folded all of it, for comparison.
 */
final class VoidStorm {
    final List<String> match = new ArrayList<>();
    final List<String> voids = new ArrayList<>();
    final Replay replay = new Replay();
    /** Events the ledger rejects (each goes to table-events-rejected). */
    int rejected;
    /** Rulings of the match before the voids. */
    final int matchRulings;

    VoidStorm(String matchId, int shots, int voidCount, long seed) {
        MatchPlayer player = new MatchPlayer(matchId, Discipline.NINE_BALL, 99, "T1", seed, SimProfile.CLEAN);
        List<String> shotIds = new ArrayList<>();
        ObjectNode e;
        while (shotIds.size() < shots && (e = player.next()) != null) {
            match.add(Json.write(e));
            Outcome step = accept(e);
            if (step.applied() && "pool.shot.taken".equals(e.get("type").textValue())) {
                shotIds.add(e.get("id").textValue());
            }
        }
        if (shotIds.size() < shots) {
            throw new IllegalStateException("the match finished after " + shotIds.size() + " shots");
        }
        matchRulings = replay.rulings().size();
        Random rnd = new Random(seed);
        for (int i = 0; i < voidCount; i++) {
            ObjectNode v = Json.MAPPER.createObjectNode();
            v.put("specversion", "1.0").put("id", matchId + "-void-" + i).put("source", "/tables/T1/referee")
                    .put("type", "pool.event.voided").put("subject", matchId).put("seq", replay.match().lastSeq() + 1);
            v.putObject("data").put("targetId", shotIds.get(rnd.nextInt(shotIds.size()))).put("reason", "review " + i);
            voids.add(Json.write(v));
            accept(v);
        }
    }

    private Outcome accept(ObjectNode event) {
        Outcome step = replay.accept(event);
        if (step.rulings().get(0).kind() == RulingKind.EVENT_REJECTED) {
            rejected++;
        }
        return step;
    }
}
