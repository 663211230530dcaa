package org.matchledger.core.view;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

@JsonPropertyOrder({"id", "name", "score", "consecutiveFouls", "onTwoFouls", "group", "innings", "currentRun", "highRun"})
public record PlayerView(String id, String name, int score, int consecutiveFouls, boolean onTwoFouls, Group group,
                         int innings, int currentRun, int highRun) {
}
