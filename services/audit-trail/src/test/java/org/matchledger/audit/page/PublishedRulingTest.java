package org.matchledger.audit.page;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.matchledger.audit.page.AppealModel.Field;
import org.matchledger.core.json.Json;
import org.matchledger.core.ruling.Foul;
import org.matchledger.core.ruling.Ruling;
import org.matchledger.core.ruling.RulingKind;
import org.matchledger.core.view.CueBall;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

/** A published ruling is read as the core's Ruling when it is one, and shown as received when it is not. */
class PublishedRulingTest {

    @Test
    void aRulingTheCoreWrote_isReadAsARuling_fieldsInTheirOrder() throws Exception {
        Ruling foul = Ruling.of(RulingKind.FOUL).rule("6.1").foul(Foul.CUE_BALL_SCRATCH).player("p1")
                .cueBall(CueBall.IN_HAND).balls(List.of(9, 3)).build("m-1", 7L, "e-7", 1, 5L);
        JsonNode published = Json.read(Json.write(foul));
        assertNotNull(PublishedRuling.asRuling(published));
        PublishedRuling shown = PublishedRuling.read(published);
        assertEquals(new PublishedRuling("FOUL", "6.1", List.of(new Field("player", "p1"),
                new Field("foul", "CUE_BALL_SCRATCH"), new Field("cueBall", "IN_HAND")), List.of(9, 3), "5"), shown);
        assertEquals(PublishedRuling.asReceived(published), shown, "the typed reading shows what the JSON holds");
    }

    @Test
    void aRulingTheCoreWouldNotWrite_isShownAsReceived() throws Exception {
        ObjectNode forged = (ObjectNode) Json.read(Json.write(Ruling.of(RulingKind.POINTS).player("p2").points(2)
                .build("m-1", 3L, "e-3", 0, null)));
        forged.put("kind", "<b>kind</b>").put("rejudges", "seq 2").putArray("balls").add(4).add("x");
        assertNull(PublishedRuling.asRuling(forged));
        assertEquals(new PublishedRuling("<b>kind</b>", null, List.of(new Field("player", "p2"), new Field("points", "2")),
                List.of(4), "seq 2"), PublishedRuling.read(forged));

        JsonNode notJson = Json.MAPPER.getNodeFactory().textNode("not a ruling");
        assertEquals(new PublishedRuling("", null, List.of(), List.of(), null), PublishedRuling.read(notJson));
    }
}
