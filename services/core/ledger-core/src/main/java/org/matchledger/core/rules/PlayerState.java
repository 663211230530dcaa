package org.matchledger.core.rules;

import org.matchledger.core.view.Group;
import org.matchledger.core.view.PlayerView;

/** One player's running figures; mutable, owned by one {@link MatchState} and changed only by the rules of this package. */
final class PlayerState {
    final String id;
    final String name;
    int score;
    int consecutiveFouls;
    boolean onTwoFouls;
    Group group;
    int innings;
    int currentRun;
    int highRun;

    PlayerState(String id, String name) {
        this.id = id;
        this.name = name;
    }

    PlayerState copy() {
        PlayerState c = new PlayerState(id, name);
        c.score = score;
        c.consecutiveFouls = consecutiveFouls;
        c.onTwoFouls = onTwoFouls;
        c.group = group;
        c.innings = innings;
        c.currentRun = currentRun;
        c.highRun = highRun;
        return c;
    }

    /** Adds to the inning's run and keeps the best run (the inning in progress included). */
    void addToRun(int n) {
        currentRun += n;
        if (currentRun > highRun) {
            highRun = currentRun;
        }
    }

    PlayerView toView() {
        return new PlayerView(id, name, score, consecutiveFouls, onTwoFouls, group, innings, currentRun, highRun);
    }
}
