package org.matchledger.deploycheck;

import io.strimzi.api.kafka.model.topic.KafkaTopic;
import io.strimzi.api.kafka.model.user.KafkaUser;
import io.strimzi.api.kafka.model.user.KafkaUserAuthorizationSimple;
import io.strimzi.api.kafka.model.user.KafkaUserScramSha512ClientAuthentication;
import io.strimzi.api.kafka.model.user.acl.AclOperation;
import io.strimzi.api.kafka.model.user.acl.AclResourcePatternType;
import io.strimzi.api.kafka.model.user.acl.AclRule;
import io.strimzi.api.kafka.model.user.acl.AclRuleGroupResource;
import io.strimzi.api.kafka.model.user.acl.AclRuleTopicResource;
import io.strimzi.api.kafka.model.user.acl.AclRuleTransactionalIdResource;
import io.strimzi.api.kafka.model.user.acl.AclRuleType;
import io.strimzi.api.kafka.model.kafka.Kafka;
import io.strimzi.api.kafka.model.nodepool.KafkaNodePool;
import io.strimzi.api.kafka.model.nodepool.ProcessRoles;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;
import org.junit.jupiter.api.Test;
import org.matchledger.kafka.LedgerAcls;
import org.matchledger.kafka.Topics;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The Strimzi resources agree with the services: the topics of {@link Topics} with their settings, replication 3 and
 * min.insync.replicas 2 (a broker may die without losing an acknowledged event); the users of {@link LedgerAcls} with
 * exactly its ACLs; every topic, consumer group and transactional id a service is configured with covered by its
 * user's ACLs.
 */
class KafkaAgreementTest {
    private final List<Manifests.Doc> base = Manifests.all().stream()
            .filter(d -> d.file().startsWith("base")).toList();

    private Map<String, KafkaTopic> topics() {
        Map<String, KafkaTopic> out = new TreeMap<>();
        for (Manifests.Doc d : Manifests.ofKind(base, "kafka.strimzi.io", "KafkaTopic")) {
            KafkaTopic t = StrictModels.read(d, KafkaTopic.class);
            String name = t.getSpec().getTopicName() != null ? t.getSpec().getTopicName() : t.getMetadata().getName();
            out.put(name, t);
        }
        return out;
    }

    private Map<String, KafkaUser> users() {
        Map<String, KafkaUser> out = new TreeMap<>();
        for (Manifests.Doc d : Manifests.ofKind(base, "kafka.strimzi.io", "KafkaUser")) {
            KafkaUser u = StrictModels.read(d, KafkaUser.class);
            out.put(u.getMetadata().getName(), u);
        }
        return out;
    }

    private String clusterName() {
        List<Manifests.Doc> kafkas = Manifests.ofKind(base, "kafka.strimzi.io", "Kafka");
        assertEquals(1, kafkas.size(), "one Kafka cluster");
        return kafkas.get(0).name();
    }

    @Test
    void theClusterIsThreeKraftNodesEachControllerAndBroker() {
        List<Manifests.Doc> pools = Manifests.ofKind(base, "kafka.strimzi.io", "KafkaNodePool");
        int controllers = 0;
        int brokers = 0;
        for (Manifests.Doc d : pools) {
            KafkaNodePool p = StrictModels.read(d, KafkaNodePool.class);
            assertEquals(clusterName(), p.getMetadata().getLabels().get("strimzi.io/cluster"), d + ": its cluster");
            if (p.getSpec().getRoles().contains(ProcessRoles.CONTROLLER)) {
                controllers += p.getSpec().getReplicas();
            }
            if (p.getSpec().getRoles().contains(ProcessRoles.BROKER)) {
                brokers += p.getSpec().getReplicas();
            }
        }
        assertEquals(3, controllers, "controllers");
        assertEquals(3, brokers, "brokers");
        Kafka kafka = StrictModels.read(Manifests.ofKind(base, "kafka.strimzi.io", "Kafka").get(0), Kafka.class);
        Map<String, Object> config = kafka.getSpec().getKafka().getConfig();
        assertEquals("3", String.valueOf(config.get("default.replication.factor")));
        assertEquals("2", String.valueOf(config.get("min.insync.replicas")));
        assertEquals("3", String.valueOf(config.get("transaction.state.log.replication.factor")));
        assertEquals("false", String.valueOf(config.get("auto.create.topics.enable")), "no topic created by a client");
    }

    @Test
    void theTopicsAreTheLedgersWithTheirSettings() {
        Map<String, KafkaTopic> topics = topics();
        assertEquals(new TreeSet<>(Topics.ALL), topics.keySet(), "topic names");
        Set<Integer> partitions = new HashSet<>();
        for (var e : topics.entrySet()) {
            KafkaTopic t = e.getValue();
            assertEquals(clusterName(), t.getMetadata().getLabels().get("strimzi.io/cluster"), e.getKey() + ": its cluster");
            assertEquals(3, t.getSpec().getReplicas(), e.getKey() + ": replication");
            Map<String, String> config = new TreeMap<>();
            t.getSpec().getConfig().forEach((k, v) -> config.put(k, String.valueOf(v)));
            assertEquals("2", config.remove("min.insync.replicas"), e.getKey() + ": min.insync.replicas");
            assertEquals(new TreeMap<>(Topics.settings(e.getKey())), config, e.getKey() + ": settings as Topics.settings");
            partitions.add(t.getSpec().getPartitions());
        }
        assertEquals(1, partitions.size(), "every topic has the same partitions (the processor joins them by match)");
        String configured = StrictModels.read(Manifests.ofKind(base, "", "ConfigMap").stream()
                .filter(d -> d.name().equals("ledger-config")).findFirst().orElseThrow(), io.fabric8.kubernetes.api.model.ConfigMap.class)
                .getData().get("LEDGER_TOPICS_PARTITIONS");
        assertEquals(partitions.iterator().next().toString(), configured, "LEDGER_TOPICS_PARTITIONS in ledger-config");
    }

    @Test
    void theUsersHaveExactlyTheAclsOfLedgerAcls() {
        Map<String, KafkaUser> users = users();
        assertEquals(new TreeSet<>(LedgerAcls.SERVICE_USERS), users.keySet(), "users");
        Set<AclBinding> manifest = new HashSet<>();
        for (KafkaUser u : users.values()) {
            assertEquals(clusterName(), u.getMetadata().getLabels().get("strimzi.io/cluster"), u.getMetadata().getName());
            assertTrue(u.getSpec().getAuthentication() instanceof KafkaUserScramSha512ClientAuthentication,
                    u.getMetadata().getName() + ": SCRAM-SHA-512");
            if (!(u.getSpec().getAuthorization() instanceof KafkaUserAuthorizationSimple simple)) {
                fail(u.getMetadata().getName() + ": simple authorization");
                return;
            }
            for (AclRule rule : simple.getAcls()) {
                manifest.addAll(bindings(u.getMetadata().getName(), rule));
            }
        }
        Set<AclBinding> wanted = new HashSet<>(LedgerAcls.bindings());
        Set<AclBinding> missing = new HashSet<>(wanted);
        missing.removeAll(manifest);
        Set<AclBinding> extra = new HashSet<>(manifest);
        extra.removeAll(wanted);
        assertTrue(missing.isEmpty() && extra.isEmpty(), "ACLs differ from LedgerAcls: missing " + missing + ", extra " + extra);
    }

    @Test
    void everyTopicGroupAndTransactionOfAServiceIsAllowedToItsUser() {
        Map<String, KafkaUser> users = users();
        List<String> problems = new ArrayList<>();
        for (String service : ServiceConfig.SERVICES) {
            ServiceConfig config = ServiceConfig.of(service);
            KafkaUser user = users.get(service);
            if (user == null) {
                problems.add(service + ": no KafkaUser");
                continue;
            }
            List<AclBinding> acls = new ArrayList<>();
            ((KafkaUserAuthorizationSimple) user.getSpec().getAuthorization()).getAcls()
                    .forEach(r -> acls.addAll(bindings(service, r)));
            for (String topic : config.channelTopics()) {
                if (!topics().containsKey(topic)) {
                    problems.add(service + ": topic " + topic + " has no KafkaTopic");
                }
                if (!allows(acls, ResourceType.TOPIC, topic)) {
                    problems.add(service + ": its user may not use topic " + topic);
                }
            }
            for (String group : config.groupIds()) {
                if (!allows(acls, ResourceType.GROUP, group)) {
                    problems.add(service + ": its user may not use consumer group " + group);
                }
            }
            for (String id : config.transactionalIds()) {
                if (!allows(acls, ResourceType.TRANSACTIONAL_ID, id)) {
                    problems.add(service + ": its user may not use transactional id " + id);
                }
            }
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    /** Whether an ACL covers {@code name} ("prefix*": every name with that prefix, i.e. a PREFIXED ACL of it or shorter). */
    private static boolean allows(List<AclBinding> acls, ResourceType type, String name) {
        boolean wildcard = name.endsWith("*");
        String n = wildcard ? name.substring(0, name.length() - 1) : name;
        for (AclBinding b : acls) {
            ResourcePattern p = b.pattern();
            if (p.resourceType() != type) {
                continue;
            }
            if (p.patternType() == PatternType.LITERAL && !wildcard && p.name().equals(n)) {
                return true;
            }
            if (p.patternType() == PatternType.PREFIXED && n.startsWith(p.name())) {
                return true;
            }
        }
        return false;
    }

    private static List<AclBinding> bindings(String user, AclRule rule) {
        ResourcePattern pattern;
        if (rule.getResource() instanceof AclRuleTopicResource t) {
            pattern = new ResourcePattern(ResourceType.TOPIC, t.getName(), patternType(t.getPatternType()));
        } else if (rule.getResource() instanceof AclRuleGroupResource g) {
            pattern = new ResourcePattern(ResourceType.GROUP, g.getName(), patternType(g.getPatternType()));
        } else if (rule.getResource() instanceof AclRuleTransactionalIdResource x) {
            pattern = new ResourcePattern(ResourceType.TRANSACTIONAL_ID, x.getName(), patternType(x.getPatternType()));
        } else {
            throw new AssertionError(user + ": an ACL on " + rule.getResource() + ", which LedgerAcls never grants");
        }
        AclPermissionType permission = rule.getType() == AclRuleType.DENY ? AclPermissionType.DENY : AclPermissionType.ALLOW;
        String host = rule.getHost() == null ? "*" : rule.getHost();
        List<AclBinding> out = new ArrayList<>();
        for (AclOperation op : rule.getOperations()) {
            out.add(new AclBinding(pattern, new AccessControlEntry(LedgerAcls.principal(user), host,
                    kafkaOperation(op), permission)));
        }
        return out;
    }

    /** Strimzi's operation (DESCRIBECONFIGS) as Kafka's (DESCRIBE_CONFIGS): the same name without underscores. */
    private static org.apache.kafka.common.acl.AclOperation kafkaOperation(AclOperation op) {
        for (org.apache.kafka.common.acl.AclOperation k : org.apache.kafka.common.acl.AclOperation.values()) {
            if (k.name().replace("_", "").equals(op.name().replace("_", ""))) {
                return k;
            }
        }
        throw new AssertionError("no Kafka ACL operation for " + op);
    }

    private static PatternType patternType(AclResourcePatternType type) {
        return type == AclResourcePatternType.PREFIX ? PatternType.PREFIXED : PatternType.LITERAL;
    }
}
