package org.matchledger.deploycheck;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every document of every manifest under deploy/k8s is of a known kind and has no field its schema does not know. */
class ManifestSchemaTest {
    @Test
    void everyManifestFitsTheSchemaOfItsKind() {
        List<Manifests.Doc> docs = Manifests.all();
        assertFalse(docs.isEmpty(), "no manifests found under " + Manifests.k8s());
        List<String> refused = new ArrayList<>();
        for (Manifests.Doc doc : docs) {
            try {
                StrictModels.read(doc);
            } catch (StrictModels.Refused e) {
                refused.add(e.getMessage());
            }
        }
        assertTrue(refused.isEmpty(), "manifests that do not fit their schema:\n  " + String.join("\n  ", refused));
    }
}
