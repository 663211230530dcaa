package org.matchledger.testsupport;

import java.util.Map;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/**
 * Makes a Quarkus test application verify {@link TestTokens} (public key, issuer, audience; no OIDC server):
 * <pre>{@code
 * @QuarkusTest
 * @WithTestResource(TestTokensResource.class)
 * class PostingRightsTest { ... given().auth().oauth2(TestTokens.forRole("referee")) ... }
 * }</pre>
 */
public class TestTokensResource implements QuarkusTestResourceLifecycleManager {

    @Override
    public Map<String, String> start() {
        return TestTokens.serviceProperties();
    }

    @Override
    public void stop() {
        // Nothing to stop: the key lives as long as the JVM.
    }
}
