package org.matchledger.scoreboard;

/** Lets time pass in a test (to show that nothing more arrives, or that something is held back). */
final class ServiceHold {
    private ServiceHold() {
    }

    static void quietFor(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
