package org.matchledger.core.view;

import java.util.Map;

/** After a {@code NO_PROGRESS} warning: innings left per player, in the match's player order. */
public record StalemateView(Map<String, Integer> inningsLeft) {
}
