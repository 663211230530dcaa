package org.matchledger.audit.page;

import org.matchledger.core.event.Discipline;
import org.matchledger.core.event.EventData.MatchOpened;
import org.matchledger.core.event.EventData.Player;
import org.matchledger.core.event.EventType;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the match's applied opening ({@code pool.match.opened}) says that the whole page needs: the discipline (null
 * while no opening was applied) and each player's name by id (the id where the opening gave no name).
 */
record Opening(Discipline discipline, Map<String, String> names) {
    static final Opening NONE = new Opening(null, Map.of());

    static Opening of(List<TimelineRow> rows) {
        for (TimelineRow row : rows) {
            if (row.applied() && row.event() != null && row.event().type() == EventType.MATCH_OPENED) {
                MatchOpened opened = (MatchOpened) row.event().data();
                Map<String, String> names = new LinkedHashMap<>();
                for (Player p : opened.players()) {
                    names.put(p.id(), p.name() == null || p.name().isEmpty() ? p.id() : p.name());
                }
                return new Opening(opened.discipline(), names);
            }
        }
        return NONE;
    }

    /** The discipline's name as the view and the pages write it ({@code NINE_BALL}), or null. */
    String disciplineName() {
        return discipline == null ? null : discipline.name();
    }

    /** A player by name: the id when the opening did not name them; null for no player. */
    String name(String id) {
        return id == null ? null : names.getOrDefault(id, id);
    }
}
