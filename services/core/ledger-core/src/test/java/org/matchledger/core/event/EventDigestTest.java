package org.matchledger.core.event;

import org.junit.jupiter.api.Test;
import org.matchledger.core.json.Json;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The digest that recognises a re-sent event ("same id, same content", docs/events.md, duplicates): equal exactly
 * when the parsed JSON trees are equal, the poster's attributes left out.
 */
class EventDigestTest {

    /**
     * The canonical encoding of the class comment, computed independently (Python's hashlib over the tagged,
     * length-prefixed encoding: keys sorted, integers and decimals by their text, the poster's attribute left out).
     * The parser reads {@code 1.50} as the decimal {@code 1.5}: trailing zeros are not content.
     */
    @Test
    void digestIsTheSha256OfTheDocumentedCanonicalEncoding() throws Exception {
        String event = "{\"specversion\":\"1.0\",\"id\":\"e-1\",\"type\":\"pool.shot.taken\",\"data\":{\"balls\":[3,9],"
                + "\"scratch\":false,\"x\":null,\"speed\":1.50,\"name\":\"Zoë ✓\"},\"seq\":12345678901234,"
                + "\"ledgerposterrole\":\"table\"}";
        assertThat(EventDigest.of(Json.read(event)).hex())
                .isEqualTo("2a0f383f59b4ad195846c6c7cd1c65452974e12271d1b0e76bc42caf6d74e09c");
    }

    @Test
    void keyOrderDoesNotMatterButArrayOrderDoes() throws Exception {
        assertThat(EventDigest.of(Json.read("{\"a\":1,\"b\":[1,2]}")))
                .isEqualTo(EventDigest.of(Json.read("{\"b\":[1,2],\"a\":1}")))
                .isNotEqualTo(EventDigest.of(Json.read("{\"a\":1,\"b\":[2,1]}")));
    }

    @Test
    void anIntegerIsNotTheSameContentAsADecimalOrAString() throws Exception {
        EventDigest one = EventDigest.of(Json.read("{\"a\":1}"));
        assertThat(one).isNotEqualTo(EventDigest.of(Json.read("{\"a\":1.0}")));
        assertThat(one).isNotEqualTo(EventDigest.of(Json.read("{\"a\":\"1\"}")));
        assertThat(one).isEqualTo(EventDigest.of(Json.read("{\"a\":1}")));
        assertThat(EventDigest.of(Json.read("{\"a\":1.50}"))).isEqualTo(EventDigest.of(Json.read("{\"a\":1.5}")));
    }

    @Test
    void lengthsKeepNeighbouringStringsApart() throws Exception {
        assertThat(EventDigest.of(Json.read("{\"a\":[\"ab\",\"c\"]}")))
                .isNotEqualTo(EventDigest.of(Json.read("{\"a\":[\"a\",\"bc\"]}")));
    }

    @Test
    void thePostersAttributesAreNotContentButNestedOnesAre() throws Exception {
        EventDigest plain = EventDigest.of(Json.read("{\"id\":\"e\"}"));
        assertThat(EventDigest.of(Json.read("{\"id\":\"e\",\"ledgerpostersubject\":\"u\",\"ledgerpostertable\":\"T1\"}")))
                .isEqualTo(plain);
        assertThat(EventDigest.of(Json.read("{\"id\":\"e\",\"data\":{\"ledgerposterrole\":\"table\"}}")))
                .isNotEqualTo(EventDigest.of(Json.read("{\"id\":\"e\",\"data\":{}}")));
    }
}
