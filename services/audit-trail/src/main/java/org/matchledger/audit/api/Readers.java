package org.matchledger.audit.api;

import io.quarkus.security.identity.SecurityIdentity;
import jakarta.ws.rs.core.Response;
import org.matchledger.http.Problem;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Who may read the audit trail: the realm roles {@value #AUDITOR}, {@value #REFEREE} and {@value #DIRECTOR} (read
 * only: nothing here writes). The answers to everyone else: 401 without a valid token, 403 naming the role refused.
 */
public final class Readers {
    public static final String AUDITOR = "auditor";
    public static final String REFEREE = "referee";
    public static final String DIRECTOR = "director";
    public static final List<String> ROLES = List.of(AUDITOR, REFEREE, DIRECTOR);

    private Readers() {
    }

    /** 401 problem with {@code WWW-Authenticate: Bearer}: no token, or one that is not valid (signature, expiry, issuer, audience). */
    public static Response unauthorized(boolean tokenSent) {
        Problem p = Problem.of(401, "Unauthorized", tokenSent
                ? "the bearer token is not valid (signature, expiry, issuer or audience); the audit trail needs a token of "
                        + String.join(", ", ROLES)
                : "the audit trail needs a bearer token (Authorization: Bearer …) of " + String.join(", ", ROLES));
        return Response.fromResponse(p.response())
                .header("WWW-Authenticate", tokenSent
                        ? "Bearer realm=\"matchledger\", error=\"invalid_token\""
                        : "Bearer realm=\"matchledger\"")
                .build();
    }

    /** 403 problem: the token is valid, but none of its roles may read what was asked for. */
    public static Response forbidden(SecurityIdentity identity, String method, String path) {
        return Problem.of(403, "Forbidden", "role " + roles(identity) + " may not read the audit trail (" + method + " "
                + path + "); readers: " + String.join(", ", ROLES)).response();
    }

    /** The identity's roles, for a refusal ("none" when it has none). */
    public static String roles(SecurityIdentity identity) {
        Set<String> roles = identity == null ? Set.of() : new TreeSet<>(identity.getRoles());
        return roles.isEmpty() ? "(none)" : String.join(", ", roles);
    }
}
