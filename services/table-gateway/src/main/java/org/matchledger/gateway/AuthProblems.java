package org.matchledger.gateway;

import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.ForbiddenException;
import io.quarkus.security.UnauthorizedException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.enums.SecuritySchemeType;
import org.eclipse.microprofile.openapi.annotations.security.SecurityScheme;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;
import org.matchledger.http.Problem;

import java.util.List;

/**
 * 401 and 403 as problem details (identity.md): a missing, malformed, expired, tampered token, or one of another
 * issuer or audience, is 401 with {@code WWW-Authenticate: Bearer}; a valid token without the right is 403. Bearer
 * tokens are checked when a resource needs them ({@code quarkus.http.auth.proactive=false}), so that the failures
 * arrive here as exceptions instead of as empty framework answers.
 */
@SecurityScheme(securitySchemeName = AuthProblems.BEARER_SCHEME, type = SecuritySchemeType.HTTP, scheme = "bearer",
        bearerFormat = "JWT", description = "an access token of the ledger's OIDC provider (audience ledger-services): "
        + "deploy/bin/ledger token ACCOUNT prints one for a local demo account")
public class AuthProblems {
    public static final String BEARER_SCHEME = "bearer";

    /** 403 naming what was refused; {@code errors} lists each refused event by index. */
    static Problem forbidden(String detail, List<Problem.FieldError> errors) {
        return new Problem("urn:matchledger:problem:forbidden", "Forbidden", 403, detail, null, errors);
    }

    @ServerExceptionMapper
    public Response unauthorized(UnauthorizedException e) {
        return unauthorized("a bearer token is required: Authorization: Bearer <access token>");
    }

    @ServerExceptionMapper
    public Response authenticationFailed(AuthenticationFailedException e) {
        return unauthorized("the bearer token was not accepted (invalid, expired, altered, or not issued for ledger-services)");
    }

    @ServerExceptionMapper
    public Response forbidden(ForbiddenException e) {
        return EventsResource.problem(forbidden("this token's role may not do this", null));
    }

    private static Response unauthorized(String detail) {
        Problem p = Problem.of(401, "Unauthorized", detail);
        return Response.status(401).header(HttpHeaders.WWW_AUTHENTICATE, "Bearer")
                .type(Problem.MEDIA_TYPE).entity(p).build();
    }
}
