package org.matchledger.deploycheck;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.LocalObjectReference;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ResourceRequirements;

import java.util.List;
import java.util.Map;

/**
 * CloudNativePG's {@code Cluster} (postgresql.cnpg.io/v1), as far as the ledger uses it: the fields of the operator's
 * API reference (ClusterSpec, BootstrapInitDB, StorageConfiguration, AffinityConfiguration, MonitoringConfiguration,
 * BackupConfiguration) that the manifests set or are likely to, spelled as the CRD spells them. A field outside this
 * subset is refused, even if the CRD knows it: add it here, from the API reference, before using it. The operator is a
 * Go program with no Java model on Maven Central, and its CRD is not vendored here.
 */
record CnpgCluster(String apiVersion, String kind, ObjectMeta metadata, Spec spec) {
    record Spec(Integer instances, String imageName, String imagePullPolicy, String description,
                String primaryUpdateStrategy, String primaryUpdateMethod, Boolean enableSuperuserAccess,
                Integer minSyncReplicas, Integer maxSyncReplicas, Bootstrap bootstrap, Storage storage,
                Storage walStorage, ResourceRequirements resources, Affinity affinity, Monitoring monitoring,
                Backup backup, Postgresql postgresql) {
    }

    record Bootstrap(InitDb initdb) {
    }

    record InitDb(String database, String owner, LocalObjectReference secret, String encoding,
                  String localeCollate, String localeCType, Boolean dataChecksums, List<String> postInitApplicationSQL) {
    }

    record Storage(String size, String storageClass, Boolean resizeInUseVolumes) {
    }

    record Affinity(Boolean enablePodAntiAffinity, String topologyKey, String podAntiAffinityType,
                    Map<String, String> nodeSelector) {
    }

    record Monitoring(Boolean enablePodMonitor, Boolean disableDefaultQueries) {
    }

    /** {@code barmanObjectStore} is kept as a tree: its fields depend on the object store. */
    record Backup(String retentionPolicy, String target, JsonNode barmanObjectStore) {
    }

    record Postgresql(Map<String, String> parameters, List<String> pg_hba) {
    }
}
