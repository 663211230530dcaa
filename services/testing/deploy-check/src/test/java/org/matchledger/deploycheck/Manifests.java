package org.matchledger.deploycheck;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The YAML documents of deploy/k8s, each with the file it came from. */
final class Manifests {
    /** One YAML document: its file (relative to deploy/k8s), its place in the file, its tree. */
    record Doc(Path file, int index, JsonNode tree) {
        String kind() {
            return tree.path("kind").asText("");
        }

        String apiVersion() {
            return tree.path("apiVersion").asText("");
        }

        String name() {
            return tree.path("metadata").path("name").asText("");
        }

        @Override
        public String toString() {
            return file + "#" + index + " (" + kind() + " " + name() + ")";
        }
    }

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private Manifests() {
    }

    /** deploy/k8s of this repository (the module runs in services/testing/deploy-check). */
    static Path root() {
        Path here = Path.of("").toAbsolutePath();
        for (Path p = here; p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve("deploy/k8s")) && Files.isRegularFile(p.resolve("mvnw"))) {
                return p;
            }
        }
        throw new IllegalStateException("no deploy/k8s above " + here);
    }

    static Path k8s() {
        return root().resolve("deploy/k8s");
    }

    /** Every .yaml / .yml file under deploy/k8s, sorted. */
    static List<Path> files() {
        try (Stream<Path> s = Files.walk(k8s())) {
            return s.filter(Files::isRegularFile)
                    .filter(p -> p.toString().endsWith(".yaml") || p.toString().endsWith(".yml"))
                    .sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every non-empty document of every file under deploy/k8s. */
    static List<Doc> all() {
        List<Doc> docs = new ArrayList<>();
        for (Path f : files()) {
            docs.addAll(read(f));
        }
        return docs;
    }

    static List<Doc> read(Path file) {
        List<Doc> docs = new ArrayList<>();
        try (YAMLParser parser = (YAMLParser) YAML.getFactory().createParser(file.toFile())) {
            int i = 0;
            for (var it = YAML.readValues(parser, JsonNode.class); it.hasNext(); i++) {
                JsonNode n = it.next();
                if (n != null && !n.isNull() && !n.isMissingNode() && !n.isEmpty()) {
                    docs.add(new Doc(k8s().relativize(file), i, n));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        return docs;
    }

    static List<Doc> parse(String yaml) {
        List<Doc> docs = new ArrayList<>();
        try {
            int i = 0;
            for (var it = YAML.readerFor(JsonNode.class).<JsonNode>readValues(yaml); it.hasNext(); i++) {
                JsonNode n = it.next();
                if (n != null && !n.isNull() && !n.isEmpty()) {
                    docs.add(new Doc(Path.of("inline.yaml"), i, n));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return docs;
    }

    /** The documents of one kind (and API group, e.g. "kafka.strimzi.io"; "" for the core group). */
    static List<Doc> ofKind(List<Doc> docs, String group, String kind) {
        return docs.stream().filter(d -> d.kind().equals(kind) && group(d.apiVersion()).equals(group)).toList();
    }

    static String group(String apiVersion) {
        int slash = apiVersion.indexOf('/');
        return slash < 0 ? "" : apiVersion.substring(0, slash);
    }
}
