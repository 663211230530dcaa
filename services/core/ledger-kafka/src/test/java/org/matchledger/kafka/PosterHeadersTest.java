package org.matchledger.kafka;

import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;
import org.matchledger.core.event.Poster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** identity.md "Who posted": the three headers, written and read back; a table header only for a table account. */
class PosterHeadersTest {

    @Test
    void aTablePoster_travelsAsThreeHeaders() {
        Poster table = new Poster("table-t01", "table", "T01");
        RecordHeaders headers = new RecordHeaders(PosterHeaders.of(table));
        assertEquals("table-t01", new String(headers.lastHeader("ledger-poster-subject").value()));
        assertEquals("table", new String(headers.lastHeader("ledger-poster-role").value()));
        assertEquals("T01", new String(headers.lastHeader("ledger-poster-table").value()));
        assertEquals(table, PosterHeaders.read(headers));
    }

    @Test
    void aReferee_hasNoTableHeader() {
        RecordHeaders headers = new RecordHeaders(PosterHeaders.of(new Poster("referee", "referee", null)));
        assertNull(headers.lastHeader(PosterHeaders.TABLE));
        assertEquals(new Poster("referee", "referee", null), PosterHeaders.read(headers));
    }

    @Test
    void noHeaders_noPoster() {
        assertNull(PosterHeaders.read(new RecordHeaders()));
        assertEquals(0, PosterHeaders.of(null).size());
    }
}
