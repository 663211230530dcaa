package org.matchledger.sim;

import java.util.Random;

/** Names for simulated players. */
final class PlayerNames {
    private static final String[] FIRST = {"Jana", "Petr", "Eva", "Tomáš", "Lucie", "Martin", "Klára", "Jakub",
            "Tereza", "Ondřej", "Anna", "David"};
    private static final String[] LAST = {"Nováková", "Svoboda", "Dvořák", "Černá", "Procházka", "Kučerová",
            "Veselý", "Horák", "Němcová", "Marek", "Pokorná", "Král"};

    private PlayerNames() {
    }

    static String pick(Random rnd) {
        return FIRST[rnd.nextInt(FIRST.length)] + " " + LAST[rnd.nextInt(LAST.length)];
    }
}
