package org.matchledger.deploycheck;

import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.deser.BeanDeserializerBuilder;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.strimzi.api.kafka.model.kafka.Kafka;
import io.strimzi.api.kafka.model.nodepool.KafkaNodePool;
import io.strimzi.api.kafka.model.topic.KafkaTopic;
import io.strimzi.api.kafka.model.user.KafkaUser;

import java.util.Map;

/**
 * Reads a manifest into the model class of its kind and refuses any field that class does not know. The fabric8 and
 * Strimzi model classes keep unknown fields in an "additional properties" map (a Jackson any-setter) instead of
 * failing: the modifier below takes that map away and turns unknown properties into errors, so
 * FAIL_ON_UNKNOWN_PROPERTIES applies to them as to the records of {@link CnpgCluster}, {@link KeycloakCrs} and
 * {@link Kustomization}.
 */
final class StrictModels {
    /** A manifest that does not fit its schema: where, and what. */
    static final class Refused extends RuntimeException {
        Refused(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** Model class by apiVersion and kind. */
    static final Map<String, Class<?>> MODELS = Map.ofEntries(
            Map.entry("v1/ConfigMap", ConfigMap.class),
            Map.entry("v1/Service", Service.class),
            Map.entry("v1/ServiceAccount", ServiceAccount.class),
            Map.entry("apps/v1/Deployment", Deployment.class),
            Map.entry("policy/v1/PodDisruptionBudget", PodDisruptionBudget.class),
            Map.entry("autoscaling/v2/HorizontalPodAutoscaler", HorizontalPodAutoscaler.class),
            Map.entry("kafka.strimzi.io/v1/Kafka", Kafka.class),
            Map.entry("kafka.strimzi.io/v1/KafkaNodePool", KafkaNodePool.class),
            Map.entry("kafka.strimzi.io/v1/KafkaTopic", KafkaTopic.class),
            Map.entry("kafka.strimzi.io/v1/KafkaUser", KafkaUser.class),
            Map.entry("postgresql.cnpg.io/v1/Cluster", CnpgCluster.class),
            Map.entry("k8s.keycloak.org/v2alpha1/Keycloak", KeycloakCrs.Keycloak.class),
            Map.entry("k8s.keycloak.org/v2alpha1/KeycloakRealmImport", KeycloakCrs.KeycloakRealmImport.class),
            Map.entry("kustomize.config.k8s.io/v1beta1/Kustomization", Kustomization.class));

    static final ObjectMapper STRICT = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
            .addModule(new SimpleModule("strict").setDeserializerModifier(new BeanDeserializerModifier() {
                @Override
                public BeanDeserializerBuilder updateBuilder(DeserializationConfig config, BeanDescription description,
                                                             BeanDeserializerBuilder builder) {
                    builder.setAnySetter(null);
                    builder.setIgnoreUnknownProperties(false);
                    return builder;
                }
            }))
            .build();

    private StrictModels() {
    }

    static Class<?> modelOf(Manifests.Doc doc) {
        return MODELS.get(doc.apiVersion() + "/" + doc.kind());
    }

    /** The manifest as its model object; {@link Refused} naming the document and the path of the unknown field. */
    static Object read(Manifests.Doc doc) {
        Class<?> model = modelOf(doc);
        if (model == null) {
            throw new Refused(doc + ": no schema known for " + doc.apiVersion() + " " + doc.kind(), null);
        }
        return read(doc, model);
    }

    static <T> T read(Manifests.Doc doc, Class<T> model) {
        try {
            return STRICT.treeToValue(doc.tree(), model);
        } catch (JsonMappingException e) {
            throw new Refused(doc + ": " + e.getOriginalMessage() + " at " + path(e), e);
        } catch (Exception e) {
            throw new Refused(doc + ": " + e.getMessage(), e);
        }
    }

    private static String path(JsonMappingException e) {
        StringBuilder b = new StringBuilder();
        for (JsonMappingException.Reference r : e.getPath()) {
            if (r.getFieldName() != null) {
                b.append('.').append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                b.append('[').append(r.getIndex()).append(']');
            }
        }
        return b.isEmpty() ? "(top)" : b.substring(b.charAt(0) == '.' ? 1 : 0);
    }
}
