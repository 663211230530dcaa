package org.matchledger.scoreboard.pages;

import io.quarkus.qute.TemplateData;

/** One player's row on a tile: name, fouls in a row (6.14), score, and in 14.1 the current run and the high run. */
@TemplateData
public record TilePlayer(String id, String name, boolean atTable, boolean winner, String fouls, int run, int highRun,
                         int score) {
}
