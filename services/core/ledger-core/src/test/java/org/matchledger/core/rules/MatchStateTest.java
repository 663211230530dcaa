package org.matchledger.core.rules;

import org.junit.jupiter.api.Test;
import org.matchledger.core.event.OptionName;
import org.matchledger.core.state.Pending;
import org.matchledger.core.view.CueBall;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * {@link MatchState#copy()} copies every field, and shares nothing mutable: the ledger judges an event on a copy, so
 * a field the copy missed would silently reset (or leak changes into the published match). Every declared field is
 * set by reflection to a value unlike a new state's, so a field added to {@link MatchState} or {@link PlayerState}
 * and not copied fails here.
 */
class MatchStateTest {

    @Test
    void copyCopiesEveryFieldAndSharesNothingMutable() throws Exception {
        MatchState original = populated(MatchState.class, new MatchState());
        MatchState copy = original.copy();
        assertSameContent(MatchState.class, original, copy, "MatchState");
    }

    @Test
    void changingTheCopyLeavesTheOriginalAsItWas() throws Exception {
        MatchState original = populated(MatchState.class, new MatchState());
        MatchState copy = original.copy();
        copy.player(0).score++;
        copy.stalemateLeft[1]++;
        copy.rack++;
        assertNotEquals(copy.player(0).score, original.player(0).score);
        assertNotEquals(copy.stalemateLeft[1], original.stalemateLeft[1]);
        assertNotEquals(copy.rack, original.rack);
    }

    /** {@code target}, a new instance, with every field set to a value that differs from the one it had. */
    private static <T> T populated(Class<T> type, T target) throws Exception {
        List<Object> freshValues = new ArrayList<>();
        for (Field f : instanceFields(type)) {
            freshValues.add(f.get(target));
        }
        int i = 0;
        for (Field f : instanceFields(type)) {
            if (Modifier.isFinal(f.getModifiers())) {
                i++;
                continue; // set by the constructor (PlayerState id and name): compared below all the same
            }
            f.set(target, valueFor(f, i));
            assertNotEquals(freshValues.get(i), f.get(target), () -> type.getSimpleName() + "." + f.getName()
                    + " must be populated with a value a new instance does not have");
            i++;
        }
        return target;
    }

    private static Object valueFor(Field f, int salt) throws Exception {
        Class<?> t = f.getType();
        if (t == String.class) {
            return f.getName() + "-" + salt;
        }
        if (t == int.class) {
            return 7 + salt;
        }
        if (t == long.class) {
            return 1000L + salt;
        }
        if (t == boolean.class) {
            return true;
        }
        if (t.isEnum()) {
            Object[] constants = t.getEnumConstants();
            return constants[constants.length - 1];
        }
        if (t == int[].class) {
            return new int[]{2, 1};
        }
        if (t == PlayerState[].class) {
            return new PlayerState[]{populated(PlayerState.class, new PlayerState("p1", "Ann")),
                    populated(PlayerState.class, new PlayerState("p2", "Bob"))};
        }
        if (t == Pending.class) {
            return new Pending(1, List.of(OptionName.SHOOT, OptionName.PASS), Pending.Situation.PUSH_OUT, CueBall.IN_HAND);
        }
        throw new AssertionError("MatchStateTest does not know how to fill " + f + ": teach it, and copy the field");
    }

    private static void assertSameContent(Class<?> type, Object original, Object copy, String path) throws Exception {
        for (Field f : instanceFields(type)) {
            Object a = f.get(original);
            Object b = f.get(copy);
            String where = path + "." + f.getName();
            if (a == null) {
                fail(where + " was not populated");
            }
            if (a.getClass().isArray()) {
                assertNotSame(a, b, where + ": the copy shares the array");
                assertEquals(Array.getLength(a), Array.getLength(b), where);
                for (int k = 0; k < Array.getLength(a); k++) {
                    Object ea = Array.get(a, k);
                    Object eb = Array.get(b, k);
                    if (ea instanceof PlayerState) {
                        assertNotSame(ea, eb, where + "[" + k + "]: the copy shares the player");
                        assertSameContent(PlayerState.class, ea, eb, where + "[" + k + "]");
                    } else {
                        assertEquals(ea, eb, where + "[" + k + "]");
                    }
                }
            } else {
                assertEquals(a, b, where + " is not copied");
            }
        }
    }

    private static List<Field> instanceFields(Class<?> type) {
        List<Field> fields = new ArrayList<>();
        for (Field f : type.getDeclaredFields()) {
            if (!Modifier.isStatic(f.getModifiers()) && !f.isSynthetic()) {
                f.setAccessible(true);
                fields.add(f);
            }
        }
        return fields;
    }
}
