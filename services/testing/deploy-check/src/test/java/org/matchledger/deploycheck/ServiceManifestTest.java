package org.matchledger.deploycheck;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.EnvFromSource;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServicePort;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler;
import io.fabric8.kubernetes.api.model.autoscaling.v2.MetricSpec;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.smallrye.config.WithDefault;
import io.strimzi.api.kafka.model.topic.KafkaTopic;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.matchledger.kafka.Topics;
import org.matchledger.scoreboard.ScoreboardConfig;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Each service's Deployment, Service, PodDisruptionBudget (and HorizontalPodAutoscaler) agree with its own
 * configuration: the ports of application.properties, probes on the management port (/q/health/ready, /q/health/live),
 * the settings it needs from the ConfigMap and its Kafka user's Secret, resources, and no more processors than
 * partitions.
 */
class ServiceManifestTest {
    private final List<Manifests.Doc> base = Manifests.all().stream().filter(d -> d.file().startsWith("base")).toList();

    private <T> T one(String group, String kind, String name, Class<T> model) {
        List<Manifests.Doc> docs = Manifests.ofKind(base, group, kind).stream().filter(d -> d.name().equals(name)).toList();
        assertEquals(1, docs.size(), "one " + kind + " " + name + " in deploy/k8s/base");
        return StrictModels.read(docs.get(0), model);
    }

    private Optional<HorizontalPodAutoscaler> hpa(String target) {
        return Manifests.ofKind(base, "autoscaling", "HorizontalPodAutoscaler").stream()
                .map(d -> StrictModels.read(d, HorizontalPodAutoscaler.class))
                .filter(h -> h.getSpec().getScaleTargetRef().getName().equals(target)).findFirst();
    }

    private static Container container(Deployment d) {
        List<Container> cs = d.getSpec().getTemplate().getSpec().getContainers();
        assertEquals(1, cs.size(), d.getMetadata().getName() + ": one container");
        return cs.get(0);
    }

    private static int port(Container c, String name) {
        return c.getPorts().stream().filter(p -> name.equals(p.getName())).map(ContainerPort::getContainerPort)
                .findFirst().orElseThrow(() -> new AssertionError(c.getName() + ": no container port " + name));
    }

    private static int probePort(Container c, Probe probe) {
        IntOrString p = probe.getHttpGet().getPort();
        return p.getIntVal() != null ? p.getIntVal() : port(c, p.getStrVal());
    }

    @ParameterizedTest
    @ValueSource(strings = {"table-gateway", "scoreboard", "audit-trail", "rules-processor"})
    void portsAndProbesAreTheServicesOwn(String service) {
        ServiceConfig config = ServiceConfig.of(service);
        Deployment d = one("apps", "Deployment", service, Deployment.class);
        Container c = container(d);
        assertEquals(config.port(), port(c, "http"), service + ": http port = quarkus.http.port");
        assertEquals(config.managementPort(), port(c, "management"), service + ": management port = quarkus.management.port");

        Probe ready = c.getReadinessProbe();
        Probe live = c.getLivenessProbe();
        assertNotNull(ready, service + ": readiness probe");
        assertNotNull(live, service + ": liveness probe");
        assertEquals("/q/health/ready", ready.getHttpGet().getPath(), service + ": readiness path");
        assertEquals("/q/health/live", live.getHttpGet().getPath(), service + ": liveness path");
        assertEquals(config.managementPort(), probePort(c, ready), service + ": readiness on the management port");
        assertEquals(config.managementPort(), probePort(c, live), service + ": liveness on the management port");

        // Inside a pod both interfaces must listen beyond loopback (application.properties binds 127.0.0.1).
        assertEquals("0.0.0.0", env(c, "QUARKUS_HTTP_HOST").getValue(), service);
        assertEquals("0.0.0.0", env(c, "QUARKUS_MANAGEMENT_HOST").getValue(), service);

        Service s = one("", "Service", service, Service.class);
        assertTrue(s.getSpec().getSelector().entrySet().stream()
                .allMatch(e -> e.getValue().equals(d.getSpec().getTemplate().getMetadata().getLabels().get(e.getKey()))),
                service + ": the Service selects the Deployment's pods");
        ServicePort http = s.getSpec().getPorts().stream().filter(p -> "http".equals(p.getName())).findFirst()
                .orElseThrow(() -> new AssertionError(service + ": Service port http"));
        assertEquals(config.port(), http.getTargetPort().getIntVal(), service + ": the Service targets quarkus.http.port");

        assertNotNull(c.getResources().getRequests().get("cpu"), service + ": cpu request");
        assertNotNull(c.getResources().getRequests().get("memory"), service + ": memory request");
        assertNotNull(c.getResources().getLimits().get("memory"), service + ": memory limit");
    }

    @ParameterizedTest
    @ValueSource(strings = {"table-gateway", "scoreboard", "audit-trail", "rules-processor"})
    void kafkaAndIdentityComeFromTheConfigMapAndTheUsersSecret(String service) {
        Container c = container(one("apps", "Deployment", service, Deployment.class));
        List<String> configMaps = c.getEnvFrom().stream().map(EnvFromSource::getConfigMapRef)
                .filter(r -> r != null).map(r -> r.getName()).toList();
        assertTrue(configMaps.contains("ledger-config"), service + ": envFrom ledger-config");
        Map<String, String> config = one("", "ConfigMap", "ledger-config", ConfigMap.class).getData();
        for (String key : List.of("KAFKA_BOOTSTRAP_SERVERS", "KAFKA_SECURITY_PROTOCOL", "KAFKA_SASL_MECHANISM", "LEDGER_OIDC_URL")) {
            assertTrue(config.containsKey(key), "ledger-config has " + key);
        }
        assertTrue(config.get("KAFKA_BOOTSTRAP_SERVERS").startsWith(Manifests.ofKind(base, "kafka.strimzi.io", "Kafka")
                .get(0).name() + "-kafka-bootstrap:"), "KAFKA_BOOTSTRAP_SERVERS is the Strimzi cluster's bootstrap service");
        EnvVar jaas = env(c, "KAFKA_SASL_JAAS_CONFIG");
        // Strimzi's User Operator writes the Secret of a KafkaUser under the user's name, key sasl.jaas.config.
        assertEquals(service, jaas.getValueFrom().getSecretKeyRef().getName(), service + ": its own Kafka user's Secret");
        assertEquals("sasl.jaas.config", jaas.getValueFrom().getSecretKeyRef().getKey(), service);
        assertEquals("false", env(c, "LEDGER_TOPICS_CREATE").getValue(), service + ": topics are KafkaTopics");
    }

    @Test
    void theAuditTrailUsesTheCloudNativePgCluster() {
        Container c = container(one("apps", "Deployment", "audit-trail", Deployment.class));
        List<Manifests.Doc> clusters = Manifests.ofKind(base, "postgresql.cnpg.io", "Cluster").stream()
                .filter(d -> d.name().equals("ledger-db")).toList();
        assertEquals(1, clusters.size(), "the CloudNativePG Cluster ledger-db");
        CnpgCluster db = StrictModels.read(clusters.get(0), CnpgCluster.class);
        assertEquals(3, db.spec().instances(), "three PostgreSQL instances");
        String database = db.spec().bootstrap().initdb().database();
        assertEquals("postgresql://ledger-db-rw:5432/" + database, env(c, "QUARKUS_DATASOURCE_REACTIVE_URL").getValue());
        assertEquals("jdbc:postgresql://ledger-db-rw:5432/" + database, env(c, "QUARKUS_DATASOURCE_JDBC_URL").getValue());
        // CloudNativePG writes the owner's credentials into <cluster>-app.
        assertEquals("ledger-db-app", env(c, "QUARKUS_DATASOURCE_USERNAME").getValueFrom().getSecretKeyRef().getName());
        assertEquals("ledger-db-app", env(c, "QUARKUS_DATASOURCE_PASSWORD").getValueFrom().getSecretKeyRef().getName());
    }

    @ParameterizedTest
    @ValueSource(strings = {"table-gateway", "scoreboard", "audit-trail", "rules-processor"})
    void everyServiceHasADisruptionBudgetOverItsPods(String service) {
        Deployment d = one("apps", "Deployment", service, Deployment.class);
        PodDisruptionBudget pdb = one("policy", "PodDisruptionBudget", service, PodDisruptionBudget.class);
        Map<String, String> podLabels = d.getSpec().getTemplate().getMetadata().getLabels();
        pdb.getSpec().getSelector().getMatchLabels().forEach((k, v) ->
                assertEquals(v, podLabels.get(k), service + ": the budget selects the Deployment's pods (" + k + ")"));
        assertTrue(pdb.getSpec().getMinAvailable() != null || pdb.getSpec().getMaxUnavailable() != null, service);
    }

    @Test
    void processorsAreNeverMoreThanPartitions() {
        int partitions = StrictModels.read(Manifests.ofKind(base, "kafka.strimzi.io", "KafkaTopic").stream()
                .filter(d -> d.name().equals(Topics.TABLE_EVENTS)).findFirst().orElseThrow(), KafkaTopic.class)
                .getSpec().getPartitions();
        Deployment d = one("apps", "Deployment", "rules-processor", Deployment.class);
        assertTrue(d.getSpec().getReplicas() >= 2 && d.getSpec().getReplicas() <= partitions, "replicas 2.." + partitions);
        HorizontalPodAutoscaler h = hpa("rules-processor").orElseThrow(() -> new AssertionError("processor autoscaler"));
        assertEquals(partitions, h.getSpec().getMaxReplicas(), "at most one processor per partition of table-events");
        assertTrue(h.getSpec().getMinReplicas() >= 2, "two processors at least (one takes over the other's partitions)");
    }

    @Test
    void scoreboardsScaleOnLiveConnections() throws NoSuchMethodException {
        HorizontalPodAutoscaler h = hpa("scoreboard").orElseThrow(() -> new AssertionError("scoreboard autoscaler"));
        assertEquals("Deployment", h.getSpec().getScaleTargetRef().getKind());
        List<MetricSpec> metrics = h.getSpec().getMetrics();
        assertEquals(1, metrics.size());
        MetricSpec m = metrics.get(0);
        assertEquals("Pods", m.getType());
        // The gauge ConnectionGauge registers as scoreboard.connections, exported as scoreboard_connections.
        assertEquals("scoreboard_connections", m.getPods().getMetric().getName());
        int perPod = Integer.parseInt(m.getPods().getTarget().getAverageValue().getAmount());
        // The cap a pod enforces: application.properties' value, else the one default ScoreboardConfig declares.
        String defaultCap = ScoreboardConfig.Connections.class.getMethod("maxTotal").getAnnotation(WithDefault.class).value();
        int cap = Integer.parseInt(ServiceConfig.of("scoreboard").get("scoreboard.connections.max-total", defaultCap));
        assertTrue(perPod > 0 && perPod < cap, "the target per pod is below the cap a pod enforces (" + cap + ")");
        assertTrue(h.getSpec().getMinReplicas() >= 2, "two scoreboards at least (clients resume on the other)");
    }

    private static EnvVar env(Container c, String name) {
        return c.getEnv().stream().filter(e -> e.getName().equals(name)).findFirst()
                .orElseGet(() -> fail(c.getName() + ": no env " + name));
    }
}
