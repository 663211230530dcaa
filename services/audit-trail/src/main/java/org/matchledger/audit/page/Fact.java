package org.matchledger.audit.page;

import io.quarkus.qute.TemplateData;

import java.util.List;

/** One fact of an event in words ("pocketed": "7 in foot left"), with the balls it names drawn beside it. */
@TemplateData
public record Fact(String label, String text, List<Ball> balls) {
    static Fact of(String label, String text) {
        return new Fact(label, text, List.of());
    }
}
