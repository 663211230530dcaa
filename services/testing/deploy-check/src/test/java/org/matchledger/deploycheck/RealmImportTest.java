package org.matchledger.deploycheck;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The realm import is the local realm (deploy/local/keycloak) without its secrets: the same roles, clients and
 * accounts; every password and client secret a placeholder the operator fills from a Secret; every placeholder
 * declared; the Keycloak it names exists.
 */
class RealmImportTest {
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([A-Z0-9_]+)}");

    private final List<Manifests.Doc> base = Manifests.all().stream().filter(d -> d.file().startsWith("base")).toList();

    private KeycloakCrs.KeycloakRealmImport realmImport() {
        List<Manifests.Doc> docs = Manifests.ofKind(base, "k8s.keycloak.org", "KeycloakRealmImport");
        assertEquals(1, docs.size(), "one realm import");
        return StrictModels.read(docs.get(0), KeycloakCrs.KeycloakRealmImport.class);
    }

    private static JsonNode localRealm() throws IOException {
        String text = Files.readString(Manifests.root().resolve("deploy/local/keycloak/matchledger-realm.template.json"));
        return new ObjectMapper().readTree(text);
    }

    @Test
    void theRealmHasTheLocalRealmsRolesClientsAndAccounts() throws IOException {
        JsonNode local = localRealm();
        JsonNode realm = realmImport().spec().realm();
        assertEquals(local.path("realm").asText(), realm.path("realm").asText(), "realm name");
        assertEquals(names(local.path("roles").path("realm"), "name"), names(realm.path("roles").path("realm"), "name"), "roles");
        assertEquals(names(local.path("clients"), "clientId"), names(realm.path("clients"), "clientId"), "clients");
        assertEquals(names(local.path("users"), "username"), names(realm.path("users"), "username"), "accounts");
        assertTrue(Manifests.ofKind(base, "k8s.keycloak.org", "Keycloak").stream()
                .anyMatch(d -> d.name().equals(realmImport().spec().keycloakCRName())), "the Keycloak it imports into");
    }

    @Test
    void noSecretIsInTheManifestOnlyDeclaredPlaceholders() {
        KeycloakCrs.KeycloakRealmImport imp = realmImport();
        JsonNode realm = imp.spec().realm();
        List<String> plain = new ArrayList<>();
        Set<String> used = new TreeSet<>();
        for (JsonNode user : realm.path("users")) {
            for (JsonNode cred : user.path("credentials")) {
                String v = cred.path("value").asText();
                Matcher m = PLACEHOLDER.matcher(v);
                if (!m.matches()) {
                    plain.add(user.path("username").asText());
                }
            }
        }
        for (JsonNode client : realm.path("clients")) {
            if (client.has("secret") && !PLACEHOLDER.matcher(client.path("secret").asText()).matches()) {
                plain.add("client " + client.path("clientId").asText());
            }
        }
        assertTrue(plain.isEmpty(), "secrets written into the realm import: " + plain);
        Matcher m = PLACEHOLDER.matcher(realm.toString());
        while (m.find()) {
            used.add(m.group(1));
        }
        assertEquals(used, new TreeSet<>(imp.spec().placeholders().keySet()), "every placeholder declared, none unused");
        imp.spec().placeholders().values().forEach(p ->
                assertTrue(p.secret() != null && p.secret().name() != null && p.secret().key() != null, "from a Secret"));
    }

    private static Set<String> names(JsonNode array, String field) {
        Set<String> out = new TreeSet<>();
        array.forEach(n -> out.add(n.path(field).asText()));
        return out;
    }
}
