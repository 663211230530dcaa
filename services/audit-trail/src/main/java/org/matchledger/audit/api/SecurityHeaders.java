package org.matchledger.audit.api;

import io.quarkus.vertx.http.runtime.filters.Filters;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * On every answer (pages, scripts, JSON, problems, health): a Content-Security-Policy that lets a page run only the
 * scripts and styles served from here (no inline code, so injected markup cannot run), and nosniff so that a value
 * served as text or JSON is never taken for a script or a page.
 */
@ApplicationScoped
public class SecurityHeaders {
    static final String CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            + "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

    void register(@Observes Filters filters) {
        filters.register(rc -> {
            rc.response().putHeader("Content-Security-Policy", CSP);
            rc.response().putHeader("X-Content-Type-Options", "nosniff");
            rc.next();
        }, 100);
    }
}
