package org.matchledger.deploycheck;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code kubectl apply -k} gets everything: each kustomization's resources and patches exist, every manifest of the base
 * is listed in it, and every patch of the overlay names a resource of the base.
 */
class KustomizationTest {
    @Test
    void everyFileIsListedAndEveryListedFileExists() {
        List<String> problems = new ArrayList<>();
        Set<Path> listed = new TreeSet<>();
        for (Manifests.Doc doc : Manifests.all()) {
            if (!doc.kind().equals("Kustomization")) {
                continue;
            }
            Kustomization k = StrictModels.read(doc, Kustomization.class);
            Path dir = Manifests.k8s().resolve(doc.file()).getParent();
            List<String> refs = new ArrayList<>(k.resources() == null ? List.of() : k.resources());
            if (k.patches() != null) {
                k.patches().stream().filter(p -> p.path() != null).forEach(p -> refs.add(p.path()));
            }
            for (String r : refs) {
                Path p = dir.resolve(r).normalize();
                if (!Files.exists(p)) {
                    problems.add(doc.file() + ": " + r + " does not exist");
                }
                listed.add(p);
            }
        }
        for (Path f : Manifests.files()) {
            Path rel = Manifests.k8s().relativize(f);
            boolean kustomization = f.getFileName().toString().equals("kustomization.yaml");
            if (!kustomization && !listed.contains(f.normalize())) {
                problems.add(rel + " is in no kustomization (kubectl apply -k would leave it out)");
            }
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    @Test
    void everyPatchTargetsAResourceOfTheBase() {
        List<Manifests.Doc> base = Manifests.all().stream().filter(d -> d.file().startsWith("base")).toList();
        List<String> problems = new ArrayList<>();
        for (Manifests.Doc doc : Manifests.all()) {
            if (!doc.kind().equals("Kustomization") || doc.file().startsWith("base")) {
                continue;
            }
            Kustomization k = StrictModels.read(doc, Kustomization.class);
            for (Kustomization.Patch p : k.patches() == null ? List.<Kustomization.Patch>of() : k.patches()) {
                String kind;
                String name;
                if (p.target() != null) {
                    kind = p.target().kind();
                    name = p.target().name();
                } else {
                    Manifests.Doc patch = Manifests.read(Manifests.k8s().resolve(doc.file()).getParent().resolve(p.path())).get(0);
                    kind = patch.kind();
                    name = patch.name();
                }
                boolean found = base.stream().anyMatch(b -> b.kind().equals(kind) && b.name().equals(name));
                if (!found) {
                    problems.add(doc.file() + ": patch of " + kind + " " + name + ", which the base does not have");
                }
            }
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }
}
