package org.matchledger.core.state;

import org.matchledger.core.view.Group;
import org.matchledger.core.view.PlayerView;

/** One player's running figures; mutable, owned by one {@link MatchState}. */
public final class PlayerState {
    public final String id;
    public final String name;
    public int score;
    public int consecutiveFouls;
    public boolean onTwoFouls;
    public Group group;
    public int innings;
    public int currentRun;
    public int highRun;

    public PlayerState(String id, String name) {
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
    public void addToRun(int n) {
        currentRun += n;
        if (currentRun > highRun) {
            highRun = currentRun;
        }
    }

    PlayerView toView() {
        return new PlayerView(id, name, score, consecutiveFouls, onTwoFouls, group, innings, currentRun, highRun);
    }
}
