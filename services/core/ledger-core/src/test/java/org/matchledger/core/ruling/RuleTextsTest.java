package org.matchledger.core.ruling;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every rule number the core cites has a short text: the numbers are read from the core's own sources (the rules,
 * the ledger, the rulings: every {@code "n.m"} literal there is a rule number), so a rule added without a text fails.
 */
class RuleTextsTest {
    static final Pattern RULE = Pattern.compile("\"(\\d{1,2}\\.\\d{1,2})\"");
    static final Path CORE = Path.of("src", "main", "java", "org", "matchledger", "core");

    @Test
    void everyRuleNumberTheCoreCites_hasAText() throws IOException {
        Set<String> cited = new TreeSet<>();
        for (String pkg : List.of("rules", "ledger", "ruling")) {
            try (Stream<Path> files = Files.walk(CORE.resolve(pkg))) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                    Matcher m = RULE.matcher(Files.readString(f));
                    while (m.find()) {
                        cited.add(m.group(1));
                    }
                }
            }
        }
        for (Foul f : Foul.values()) {
            if (f.rule() != null) {
                cited.add(f.rule());
            }
        }
        // The fouls 6.1-6.16 and one rule of each discipline at least: the scan found the core's citations.
        assertTrue(cited.containsAll(List.of("1.2", "1.9", "1.10", "2.3", "3.8", "4.8", "5.9", "6.1", "6.14", "6.16")), cited.toString());
        for (String rule : cited) {
            String text = RuleTexts.of(rule);
            assertTrue(text != null && !text.isBlank(), "rule " + rule + " has no text");
        }
    }

    @Test
    void textsNameWhatTheRuleIsAbout() {
        assertEquals("cue ball scratch or off the table", RuleTexts.of("6.1")); // WPA 6.1 Cue Ball Scratch or off the Table
        assertEquals("three consecutive fouls", RuleTexts.of("6.14"));       // WPA 6.14 Three Consecutive Fouls
        assertNull(RuleTexts.of("9.9"));
        assertNull(RuleTexts.of(null));
    }
}
