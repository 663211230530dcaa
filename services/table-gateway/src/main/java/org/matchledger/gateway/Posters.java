package org.matchledger.gateway;

import io.quarkus.security.identity.SecurityIdentity;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.matchledger.core.event.Poster;

import java.util.List;
import java.util.Set;

/**
 * The poster of a verified bearer token (identity.md "Who posted"): subject = {@code preferred_username}, else
 * {@code sub}; role = the highest posting role held (director &gt; referee &gt; table), else the ledger role that may
 * post nothing ({@code auditor}, {@code broadcaster}) or {@value #NO_ROLE}; table = the {@code tableId} claim, for a table account only.
 */
final class Posters {
    /** The ledger's roles: the posting ones highest first, then those that post nothing. */
    private static final List<String> ROLES = List.of(Poster.DIRECTOR, Poster.REFEREE, Poster.TABLE, "auditor", "broadcaster");
    static final String NO_ROLE = "none";

    private Posters() {
    }

    static Poster of(SecurityIdentity identity) {
        String subject = null;
        String tableId = null;
        if (identity.getPrincipal() instanceof JsonWebToken jwt) {
            subject = claim(jwt, "preferred_username");
            if (subject == null) {
                subject = jwt.getSubject();
            }
            tableId = claim(jwt, "tableId");
        }
        if (subject == null) {
            subject = identity.getPrincipal().getName();
        }
        String role = role(identity.getRoles());
        return new Poster(subject, role, Poster.TABLE.equals(role) ? tableId : null);
    }

    static String role(Set<String> roles) {
        for (String r : ROLES) {
            if (roles.contains(r)) {
                return r;
            }
        }
        return NO_ROLE;
    }

    private static String claim(JsonWebToken jwt, String name) {
        Object v = jwt.getClaim(name);
        if (v == null) {
            return null;
        }
        String s = v instanceof jakarta.json.JsonString js ? js.getString() : v.toString();
        return s.isBlank() ? null : s;
    }
}
