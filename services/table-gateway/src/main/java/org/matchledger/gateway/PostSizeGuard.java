package org.matchledger.gateway;

import io.quarkus.runtime.configuration.MemorySize;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.matchledger.http.Problem;

import java.util.List;

/**
 * A post whose declared length is over the body limit ({@code quarkus.http.limits.max-body-size}) is answered 413 as a
 * problem naming the {@code body}, before anything of it is parsed or kept.
 * <p>
 * Why not leave it to Quarkus' own check: it answers and closes the connection at once, while the client is still
 * sending. The unread bytes make the kernel reset the connection, and the reset can reach the client before the 413,
 * which then sees a dropped connection instead of an answer. Here the body is read and discarded up to
 * {@link #SWALLOWED_AT_MOST} bytes (as servlet containers do), so that the client reads the 413 on a connection that
 * stays open; a body beyond that, or one announced with {@code Expect: 100-continue} (whose client waits and never
 * sends it), is answered at once and the connection closed. A body of undeclared length (chunked) is read here and
 * counted as it arrives, and handed on whole when it stays within the limit.
 */
@Singleton
public class PostSizeGuard {
    /** A body of at most this many bytes is read to its end and discarded so that the 413 arrives intact. */
    static final long SWALLOWED_AT_MOST = 2L * 1024 * 1024;
    /** Just before Quarkus' own check of the body limit (RouteConstants.ROUTE_ORDER_UPLOAD_LIMIT, -2). */
    static final int ORDER = -3;

    private final long limit;

    public PostSizeGuard(@ConfigProperty(name = "quarkus.http.limits.max-body-size") MemorySize limit) {
        this.limit = limit.asLongValue();
    }

    void install(@Observes Router router) {
        router.route().order(ORDER).handler(this::check);
    }

    void check(RoutingContext ctx) {
        HttpServerRequest request = ctx.request();
        long declared = declaredLength(request.getHeader(HttpHeaders.CONTENT_LENGTH));
        if (declared < 0 && !request.isEnded() && request.headers().contains(HttpHeaders.TRANSFER_ENCODING)) {
            readCounting(ctx);
        } else if (declared > limit) {
            refuse(ctx, tooLarge("declares " + declared + " bytes"), declared);
        } else {
            ctx.next();
        }
    }

    /** A body of undeclared length (chunked): read here, counted, and handed on whole when it stays within the limit. */
    private void readCounting(RoutingContext ctx) {
        HttpServerRequest request = ctx.request();
        Buffer body = Buffer.buffer();
        long[] seen = {0};
        request.handler(chunk -> {
            seen[0] += chunk.length();
            if (seen[0] <= limit) {
                body.appendBuffer(chunk);
            } else if (seen[0] > SWALLOWED_AT_MOST) {
                answer(ctx.response(), tooLarge("sent more than " + SWALLOWED_AT_MOST + " bytes"), true);
            }
        });
        request.endHandler(end -> {
            if (seen[0] <= limit) {
                request.headers().remove(HttpHeaders.EXPECT);   // answered above: no second 100 Continue
                ctx.setBody(body);   // RESTEasy Reactive reads a body the router already holds
                ctx.next();
            } else {
                answer(ctx.response(), tooLarge("sent " + seen[0] + " bytes"), false);
            }
        });
        request.exceptionHandler(failure -> request.connection().close());
        if (waitsForContinue(request)) {
            ctx.response().writeContinue();   // the client sends its body only after this
        }
        request.resume();
    }

    /** A declared length over the limit: swallowed and answered, or answered at once and the connection closed. */
    private void refuse(RoutingContext ctx, Problem problem, long declared) {
        HttpServerRequest request = ctx.request();
        if (waitsForContinue(request) || declared > SWALLOWED_AT_MOST) {
            answer(ctx.response(), problem, true);
            return;
        }
        request.handler(discarded -> { });
        request.endHandler(end -> answer(ctx.response(), problem, false));
        request.exceptionHandler(failure -> request.connection().close());
        request.resume();   // the router holds a request's body back until a handler asks for it
    }

    private static boolean waitsForContinue(HttpServerRequest request) {
        return "100-continue".equalsIgnoreCase(request.getHeader(HttpHeaders.EXPECT));
    }

    private Problem tooLarge(String what) {
        return Problem.invalidEvents(413, List.of(new Problem.FieldError(0, null, "body", what + "; a post carries at most "
                + limit + " (a batch of at most " + ValidatedPost.MAX_BATCH + " events of at most "
                + ValidatedPost.MAX_EVENT_BYTES + " bytes each): send fewer events per post")));
    }

    private static void answer(HttpServerResponse response, Problem problem, boolean close) {
        if (response.ended() || response.closed()) {
            return;
        }
        response.setStatusCode(413).putHeader(HttpHeaders.CONTENT_TYPE, Problem.MEDIA_TYPE);
        if (close) {
            response.putHeader(HttpHeaders.CONNECTION, "close");
            response.endHandler(v -> response.close());
        }
        response.end(problem.json());
    }

    /** The declared length; -1 for none, and for one that is not a number (Vert.x refuses such a request itself). */
    static long declaredLength(String header) {
        if (header == null) {
            return -1;
        }
        try {
            return Long.parseLong(header.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
