package org.matchledger.audit;

import org.junit.jupiter.api.Test;
import org.matchledger.audit.ledger.Export;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** CSV cells a spreadsheet would run as formulas get a leading quote; numbers stay numbers. */
class ExportCellTest {
    @Test
    void formulaStarts_arePrefixed() {
        assertEquals("'=1+1", Export.cell("=1+1"));
        assertEquals("'+SUM(A1)", Export.cell("+SUM(A1)"));
        assertEquals("'-1+2", Export.cell("-1+2"));
        assertEquals("'@cmd", Export.cell("@cmd"));
        assertEquals("'\tx", Export.cell("\tx"));
        assertEquals("'\r=1", Export.cell("\r=1"));
        assertEquals("'-", Export.cell("-"));
        assertEquals("'=cmd|' /C calc'!A0", Export.cell("=cmd|' /C calc'!A0"));
    }

    @Test
    void numbersAndPlainText_stayAsTheyAre() {
        assertEquals("-3", Export.cell("-3"));
        assertEquals("-0.5", Export.cell("-0.5"));
        assertEquals("-1e3", Export.cell("-1e3"));
        assertEquals("42", Export.cell("42"));
        assertEquals("foul: scratch", Export.cell("foul: scratch"));
        assertEquals("a=b", Export.cell("a=b"));
        assertEquals("", Export.cell(""));
        assertEquals("", Export.cell(null));
    }
}
