package org.matchledger.deploycheck;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The schema check refuses what a cluster would not understand: a misspelt or misplaced field, in every model. */
class StrictModelsTest {
    private static StrictModels.Refused refused(String yaml) {
        return assertThrows(StrictModels.Refused.class, () -> StrictModels.read(Manifests.parse(yaml).get(0)));
    }

    private static void contains(StrictModels.Refused e, String... parts) {
        for (String part : parts) {
            assertTrue(e.getMessage().contains(part), "'" + part + "' in: " + e.getMessage());
        }
    }

    private static void accepted(String yaml) {
        StrictModels.read(Manifests.parse(yaml).get(0));
    }

    @Test
    void aDeploymentWithAMisspeltProbeFieldIsRefused() {
        String ok = """
                apiVersion: apps/v1
                kind: Deployment
                metadata: {name: d}
                spec:
                  selector: {matchLabels: {app: d}}
                  template:
                    metadata: {labels: {app: d}}
                    spec:
                      containers:
                        - name: d
                          image: d
                          readinessProbe: {httpGet: {path: /q/health/ready, port: 9080}, periodSeconds: 10}
                """;
        accepted(ok);
        contains(refused(ok.replace("periodSeconds", "periodSecond")), "periodSecond", "readinessProbe");
    }

    @Test
    void aKafkaTopicWithAFieldOutsideItsSpecIsRefused() {
        String ok = """
                apiVersion: kafka.strimzi.io/v1
                kind: KafkaTopic
                metadata: {name: t, labels: {strimzi.io/cluster: c}}
                spec: {partitions: 12, replicas: 3, config: {min.insync.replicas: 2}}
                """;
        accepted(ok);
        contains(refused(ok.replace("replicas: 3", "replicationFactor: 3")), "replicationFactor");
    }

    @Test
    void aKafkaUserAclWithAnUnknownFieldIsRefused() {
        String ok = """
                apiVersion: kafka.strimzi.io/v1
                kind: KafkaUser
                metadata: {name: u}
                spec:
                  authentication: {type: scram-sha-512}
                  authorization:
                    type: simple
                    acls:
                      - resource: {type: topic, name: t, patternType: literal}
                        operations: [Read]
                """;
        accepted(ok);
        contains(refused(ok.replace("patternType", "pattern")), "pattern");
    }

    @Test
    void aCloudNativePgClusterWithAnUnknownFieldIsRefused() {
        String ok = """
                apiVersion: postgresql.cnpg.io/v1
                kind: Cluster
                metadata: {name: db}
                spec: {instances: 3, storage: {size: 1Gi}}
                """;
        accepted(ok);
        contains(refused(ok.replace("instances", "replicas")), "replicas");
        contains(refused(ok.replace("size: 1Gi", "capacity: 1Gi")), "capacity");
    }

    @Test
    void aKeycloakResourceWithAnUnknownFieldIsRefused() {
        String ok = """
                apiVersion: k8s.keycloak.org/v2alpha1
                kind: Keycloak
                metadata: {name: kc}
                spec: {instances: 2, http: {httpEnabled: true}}
                """;
        accepted(ok);
        contains(refused(ok.replace("httpEnabled", "enabled")), "enabled");
    }

    @Test
    void anUnknownKindIsRefused() {
        contains(refused("apiVersion: example.org/v1\nkind: Widget\nmetadata: {name: w}\n"), "no schema known");
    }
}
