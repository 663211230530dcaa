package org.matchledger.scoreboard.readmodel;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonSerializable;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.jsontype.TypeSerializer;

import java.io.IOException;

/**
 * A view or a ruling as the scoreboard holds it: the fields it reads, typed, beside the JSON the processor wrote. The
 * JSON is what every answer carries (docs/feeds.md: the ledger's JSON exactly as written), so fields the scoreboard
 * does not know are never lost; Jackson writes a held record as that JSON.
 */
public sealed interface LedgerJson extends JsonSerializable permits LedgerView, LedgerRuling {

    /** The JSON as the processor wrote it. */
    String json();

    @Override
    default void serialize(JsonGenerator gen, SerializerProvider serializers) throws IOException {
        gen.writeRawValue(json());
    }

    @Override
    default void serializeWithType(JsonGenerator gen, SerializerProvider serializers, TypeSerializer typeSer)
            throws IOException {
        serialize(gen, serializers);
    }
}
