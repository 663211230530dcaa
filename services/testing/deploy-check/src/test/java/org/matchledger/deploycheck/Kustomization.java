package org.matchledger.deploycheck;

import com.fasterxml.jackson.annotation.JsonProperty;

import java.util.List;
import java.util.Map;

/**
 * kustomize's {@code Kustomization} (kustomize.config.k8s.io/v1beta1), the fields the ledger's kustomizations use,
 * spelled as kustomize's reference spells them; any other field is refused.
 */
record Kustomization(String apiVersion, String kind, Map<String, String> metadata, String namespace,
                     List<String> resources, List<Patch> patches, List<Image> images, List<Label> labels,
                     List<Replica> replicas, List<Generator> configMapGenerator) {
    record Patch(String path, String patch, Target target) {
    }

    record Target(String group, String version, String kind, String name, String namespace) {
    }

    record Image(String name, String newName, String newTag, String digest) {
    }

    record Label(Map<String, String> pairs, Boolean includeSelectors, Boolean includeTemplates) {
    }

    record Replica(String name, Integer count) {
    }

    record Generator(String name, String behavior, List<String> literals, List<String> files,
                     @JsonProperty("envs") List<String> envs) {
    }
}
