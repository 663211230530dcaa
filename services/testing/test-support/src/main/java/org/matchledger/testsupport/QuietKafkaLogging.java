package org.matchledger.testsupport;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Keeps the in-process broker from flooding the test log (about 1,400 lines for one start, one transaction and
 * a stop), through java.util.logging, which is where Kafka's SLF4J logging ends up under Quarkus (JBoss LogManager)
 * or slf4j-jdk14.
 *
 * <ul>
 *   <li>Broker-only categories ({@link #BROKER}) are set to WARNING for good.</li>
 *   <li>Categories shared with the clients of the code under test ({@link #SHARED}: config dumps, metrics,
 *       network client) are set to WARNING only while the broker starts and stops, so the application's own
 *       Kafka client logging is left as configured.</li>
 * </ul>
 * A category that already has a level of its own (set by configuration) is left alone. Set the system property
 * {@value #QUIET_PROPERTY} to {@code false} to see everything.
 */
final class QuietKafkaLogging {

    static final String QUIET_PROPERTY = "testsupport.kafka.quiet";

    /** Packages only the broker and controller log from. */
    static final List<String> BROKER = List.of(
            "kafka",
            "state.change.logger",
            "org.apache.kafka.common.test",
            "org.apache.kafka.controller",
            "org.apache.kafka.coordinator",
            "org.apache.kafka.deferred",
            "org.apache.kafka.image",
            "org.apache.kafka.metadata",
            "org.apache.kafka.network",
            "org.apache.kafka.queue",
            "org.apache.kafka.raft",
            "org.apache.kafka.security",
            "org.apache.kafka.server",
            "org.apache.kafka.snapshot",
            "org.apache.kafka.storage",
            "org.apache.kafka.timeline");

    /** Packages the broker shares with Kafka clients. */
    static final List<String> SHARED = List.of(
            "org.apache.kafka.clients",
            "org.apache.kafka.common");

    /** java.util.logging holds loggers weakly: without these references a level set here could be lost. */
    private static final List<Logger> KEPT = new ArrayList<>();

    private QuietKafkaLogging() {
    }

    static boolean enabled() {
        return !"false".equalsIgnoreCase(System.getProperty(QUIET_PROPERTY, "true").trim());
    }

    /** Sets the broker-only categories to WARNING. */
    static synchronized void quietBroker() {
        if (enabled()) {
            for (String name : BROKER) {
                quiet(name);
            }
        }
    }

    /** Sets the shared categories to WARNING until the returned handle is closed. */
    static synchronized Window quietShared() {
        List<Logger> changed = new ArrayList<>();
        if (enabled()) {
            for (String name : SHARED) {
                Logger logger = quiet(name);
                if (logger != null) {
                    changed.add(logger);
                }
            }
        }
        return () -> {
            synchronized (QuietKafkaLogging.class) {
                for (Logger logger : changed) {
                    if (logger.getLevel() == Level.WARNING) {
                        logger.setLevel(null);
                    }
                }
            }
        };
    }

    private static Logger quiet(String name) {
        Logger logger = Logger.getLogger(name);
        if (logger.getLevel() != null) {
            return null;
        }
        logger.setLevel(Level.WARNING);
        KEPT.add(logger);
        return logger;
    }

    /** A period during which the shared categories are quiet. */
    interface Window extends AutoCloseable {
        @Override
        void close();
    }
}
