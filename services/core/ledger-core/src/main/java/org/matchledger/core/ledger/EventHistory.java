package org.matchledger.core.ledger;

import org.matchledger.core.event.TableEvent;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;

/**
 * The applied events of one match, in order (event {@code i} has {@code seq i+1}), with a lookup by id. Appending
 * returns a new history that shares storage with this one while nobody else has appended to it; a branch copies.
 */
public final class EventHistory {
    public static final EventHistory EMPTY = new EventHistory(new ArrayList<>(), new HashMap<>(), 0);

    private final ArrayList<TableEvent> events;
    private final HashMap<String, Integer> indexById;
    private final int size;

    private EventHistory(ArrayList<TableEvent> events, HashMap<String, Integer> indexById, int size) {
        this.events = events;
        this.indexById = indexById;
        this.size = size;
    }

    public int size() {
        return size;
    }

    public TableEvent get(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException(index);
        }
        return events.get(index);
    }

    /** The position of the applied event with this id, or -1. */
    public int indexOf(String id) {
        Integer i = indexById.get(id);
        return i != null && i < size ? i : -1;
    }

    public EventHistory append(TableEvent event) {
        synchronized (events) {
            if (size > 0 && events.size() == size) {
                events.add(event);
                indexById.put(event.id(), size);
                return new EventHistory(events, indexById, size + 1);
            }
        }
        ArrayList<TableEvent> copy = new ArrayList<>(events.subList(0, size));
        HashMap<String, Integer> ids = new HashMap<>();
        for (int i = 0; i < size; i++) {
            ids.put(copy.get(i).id(), i);
        }
        copy.add(event);
        ids.put(event.id(), size);
        return new EventHistory(copy, ids, size + 1);
    }

    public List<TableEvent> events() {
        return List.copyOf(events.subList(0, size));
    }
}
