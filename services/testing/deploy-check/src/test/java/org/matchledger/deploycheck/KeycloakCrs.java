package org.matchledger.deploycheck;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ResourceRequirements;

import java.util.List;
import java.util.Map;

/**
 * The Keycloak operator's {@code Keycloak} and {@code KeycloakRealmImport} (k8s.keycloak.org/v2alpha1), as far as the
 * ledger uses them: fields of the operator's CRD reference (KeycloakSpec: instances, image, db, http, hostname, proxy,
 * features, additionalOptions, resources; KeycloakRealmImportSpec: keycloakCRName, realm, placeholders, resources),
 * spelled as the CRD spells them. A field outside this subset is refused. The realm itself (a Keycloak
 * RealmRepresentation) is checked by {@link RealmImportTest} against the local realm it is made from.
 */
final class KeycloakCrs {
    private KeycloakCrs() {
    }

    record Keycloak(String apiVersion, String kind, ObjectMeta metadata, Spec spec) {
    }

    record Spec(Integer instances, String image, Db db, Http http, Hostname hostname, Proxy proxy, Features features,
                List<Option> additionalOptions, ResourceRequirements resources, Boolean startOptimized) {
    }

    record Db(String vendor, String host, Integer port, String database, String schema, String url,
              SecretKey usernameSecret, SecretKey passwordSecret, Integer poolInitialSize, Integer poolMinSize,
              Integer poolMaxSize) {
    }

    record SecretKey(String name, String key) {
    }

    record Http(Boolean httpEnabled, Integer httpPort, Integer httpsPort, String tlsSecret) {
    }

    record Hostname(String hostname, String admin, Boolean strict, Boolean backchannelDynamic) {
    }

    record Proxy(String headers) {
    }

    record Features(List<String> enabled, List<String> disabled) {
    }

    record Option(String name, String value, SecretRef secret) {
    }

    record SecretRef(String name, String key) {
    }

    record KeycloakRealmImport(String apiVersion, String kind, ObjectMeta metadata, ImportSpec spec) {
    }

    record ImportSpec(String keycloakCRName, JsonNode realm, Map<String, Placeholder> placeholders,
                      ResourceRequirements resources) {
    }

    record Placeholder(SecretKey secret) {
    }
}
