package org.matchledger.kafka;

import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;

import java.util.ArrayList;
import java.util.List;

/**
 * The Kafka users of the ledger's services and the ACLs of each: exactly the topics it reads and writes, its consumer
 * groups and (the processor) its transactional ids. READ and WRITE imply DESCRIBE (metadata, offsets, lag, topic
 * ids); WRITE on a topic also allows an idempotent producer (KIP-679), so no user has any right on the cluster.
 * Only the gateway writes {@code table-events}, the source of truth. No service may create the ledger's topics or
 * change their settings: an administrator creates them ({@link TopicSetup}), so no service could, say, shorten the
 * retention of {@code table-events}.
 *
 * <p>The processor runs on Kafka Streams with application id {@value #PROCESSOR}: its consumer group is
 * {@value #PROCESSOR}, its transactional ids start with {@code rules-processor-} (exactly_once_v2: one per stream
 * thread), and Kafka Streams creates and uses its own internal topics, the compacted changelogs of its stores
 * ({@code rules-processor-match-state-changelog}, {@code rules-processor-match-events-changelog}). Its user therefore
 * may CREATE, READ, WRITE and DESCRIBE_CONFIGS topics whose names start with {@value #PROCESSOR_INTERNAL_TOPICS} and
 * no others: Kafka Streams keeps the changelogs' settings itself (compaction), and the prefix can never name one of
 * the ledger's topics.
 */
public final class LedgerAcls {
    public static final String GATEWAY = "table-gateway";
    public static final String PROCESSOR = "rules-processor";
    public static final String SCOREBOARD = "scoreboard";
    public static final String AUDIT_TRAIL = "audit-trail";
    public static final List<String> SERVICE_USERS = List.of(GATEWAY, PROCESSOR, SCOREBOARD, AUDIT_TRAIL);
    /** The prefix of the processor's Kafka Streams internal topics (its application id and a dash). */
    public static final String PROCESSOR_INTERNAL_TOPICS = PROCESSOR + "-";

    private LedgerAcls() {
    }

    /** Every ACL of every service user. */
    public static List<AclBinding> bindings() {
        List<AclBinding> acls = new ArrayList<>();
        // Gateway: accepted events and refused posts out; the rulings for ?wait, in groups of each instance's own.
        allow(acls, GATEWAY, topic(Topics.TABLE_EVENTS), AclOperation.WRITE);
        allow(acls, GATEWAY, topic(Topics.TABLE_EVENTS_REJECTED), AclOperation.WRITE);
        allow(acls, GATEWAY, topic(Topics.MATCH_RULINGS), AclOperation.READ);
        allow(acls, GATEWAY, groupsStartingWith("table-gateway-"), AclOperation.READ);
        // Processor (Kafka Streams): table events in, in its group; rulings, views and rejections out in transactions,
        // whose ids start with its name; offsets committed in the transaction; its stores' changelogs.
        allow(acls, PROCESSOR, topic(Topics.TABLE_EVENTS), AclOperation.READ);
        allow(acls, PROCESSOR, group("rules-processor"), AclOperation.READ);
        allow(acls, PROCESSOR, topic(Topics.MATCH_RULINGS), AclOperation.WRITE);
        allow(acls, PROCESSOR, topic(Topics.MATCH_VIEWS), AclOperation.WRITE);
        allow(acls, PROCESSOR, topic(Topics.TABLE_EVENTS_REJECTED), AclOperation.WRITE);
        allow(acls, PROCESSOR, new ResourcePattern(ResourceType.TRANSACTIONAL_ID, "rules-processor-", PatternType.PREFIXED),
                AclOperation.WRITE);
        ResourcePattern internal = new ResourcePattern(ResourceType.TOPIC, PROCESSOR_INTERNAL_TOPICS, PatternType.PREFIXED);
        for (AclOperation op : List.of(AclOperation.CREATE, AclOperation.READ, AclOperation.WRITE, AclOperation.DESCRIBE_CONFIGS)) {
            allow(acls, PROCESSOR, internal, op);
        }
        // Scoreboard: views and rulings in, groups of each instance's own.
        allow(acls, SCOREBOARD, topic(Topics.MATCH_VIEWS), AclOperation.READ);
        allow(acls, SCOREBOARD, topic(Topics.MATCH_RULINGS), AclOperation.READ);
        allow(acls, SCOREBOARD, groupsStartingWith("scoreboard-"), AclOperation.READ);
        // Audit trail: all four topics in, one group.
        for (String t : Topics.ALL) {
            allow(acls, AUDIT_TRAIL, topic(t), AclOperation.READ);
        }
        allow(acls, AUDIT_TRAIL, group("audit-trail"), AclOperation.READ);
        return List.copyOf(acls);
    }

    public static String principal(String user) {
        return "User:" + user;
    }

    private static void allow(List<AclBinding> acls, String user, ResourcePattern resource, AclOperation operation) {
        // Host "*": the broker listens on loopback only.
        acls.add(new AclBinding(resource, new AccessControlEntry(principal(user), "*", operation, AclPermissionType.ALLOW)));
    }

    private static ResourcePattern topic(String name) {
        return new ResourcePattern(ResourceType.TOPIC, name, PatternType.LITERAL);
    }

    private static ResourcePattern group(String name) {
        return new ResourcePattern(ResourceType.GROUP, name, PatternType.LITERAL);
    }

    private static ResourcePattern groupsStartingWith(String prefix) {
        return new ResourcePattern(ResourceType.GROUP, prefix, PatternType.PREFIXED);
    }
}
