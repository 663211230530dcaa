package org.matchledger.core.view;

import org.matchledger.core.event.OptionName;

import java.util.List;

public record PendingOptionView(String player, List<OptionName> options) {
}
