package org.matchledger.systemtests;

import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * What one fault cost, as the table clients and a follower of {@code match-views} saw it, from the moment of the fault
 * until every service was ready again: posts answered meanwhile, those not accepted (5xx or no answer) and from the
 * first to the last of them, the slowest post, the
 * longest ingest → view delay of an event accepted meanwhile (its 202 to the first view at its seq), and the seconds
 * until every service was ready again, from the restart of what was stopped and from the fault itself.
 */
record FaultFigures(String fault, int posts, int refusedPosts, double refusedForSeconds, double slowestPostSeconds,
                    double longestIngestToViewSeconds, double readyAfterRestartSeconds, double readyAfterFaultSeconds,
                    List<String> unplannedRestarts) {

    /** The figures of the window [fromNanos, toNanos] (System.nanoTime), the restart at {@code restartNanos}. */
    static FaultFigures of(String fault, TableLoad load, ViewWatch views, long fromNanos, long restartNanos, long toNanos,
                           List<String> unplannedRestarts) {
        // A post belongs to the fault when its answer came after the fault began (those in flight at that moment too).
        List<TableLoad.Post> posts = load.posts().stream()
                .filter(p -> p.sentAtNanos() + p.tookNanos() >= fromNanos && p.sentAtNanos() <= toNanos).toList();
        List<TableLoad.Post> refused = posts.stream().filter(p -> !p.accepted()).toList();
        double refusedFor = refused.isEmpty() ? 0
                : seconds(refused.stream().mapToLong(p -> p.sentAtNanos() + p.tookNanos()).max().orElseThrow()
                - refused.stream().mapToLong(TableLoad.Post::sentAtNanos).min().orElseThrow());
        double slowest = seconds(posts.stream().mapToLong(TableLoad.Post::tookNanos).max().orElse(0));
        long longestView = 0;
        for (TableLoad.Acked a : load.acked()) {
            if (a.ackedAtNanos() < fromNanos || a.ackedAtNanos() > toNanos) {
                continue;
            }
            OptionalLong seen = views.firstSeenAtOrAfter(a.matchId(), a.seq());
            if (seen.isPresent()) {
                longestView = Math.max(longestView, seen.getAsLong() - a.ackedAtNanos());
            }
        }
        return new FaultFigures(fault, posts.size(), refused.size(), refusedFor, slowest, seconds(longestView),
                seconds(toNanos - restartNanos), seconds(toNanos - fromNanos), List.copyOf(unplannedRestarts));
    }

    static String table(List<FaultFigures> all) {
        StringBuilder b = new StringBuilder();
        b.append("| fault | posts | not accepted (5xx, no answer) | refused over | slowest post | longest ingest → view | ")
                .append("every service ready, from the restart | from the fault | restarts nobody asked for |\n");
        b.append("|---|---:|---:|---:|---:|---:|---:|---:|---|\n");
        for (FaultFigures f : all) {
            b.append(String.format(Locale.ROOT, "| %s | %d | %d | %.1f s | %.1f s | %.1f s | %.1f s | %.1f s | %s |%n",
                    f.fault(), f.posts(), f.refusedPosts(), f.refusedForSeconds(), f.slowestPostSeconds(),
                    f.longestIngestToViewSeconds(), f.readyAfterRestartSeconds(), f.readyAfterFaultSeconds(),
                    f.unplannedRestarts().isEmpty() ? "none" : String.join("; ", f.unplannedRestarts())));
        }
        return b.toString();
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }
}
