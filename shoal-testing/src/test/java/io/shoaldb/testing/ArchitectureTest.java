package io.shoaldb.testing;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The dependency rules of docs/architecture.md. Maven's module graph already forbids cycles and
 * undeclared module dependencies; these rules guard what Maven cannot see.
 */
class ArchitectureTest {
    static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.shoaldb");
    }

    @Test
    void protocolsSeeOnlyTheApi() {
        noClasses().that().resideInAPackage("io.shoaldb.protocol..")
                .should().dependOnClassesThat().resideInAnyPackage("io.shoaldb.server..", "io.shoaldb.catalog..",
                        "io.shoaldb.storage..", "io.shoaldb.sql..")
                .check(classes);
    }

    @Test
    void storageKnowsNothingOfSqlCatalogOrSessions() {
        noClasses().that().resideInAPackage("io.shoaldb.storage..")
                .should().dependOnClassesThat().resideInAnyPackage("io.shoaldb.sql..", "io.shoaldb.catalog..",
                        "io.shoaldb.api..", "io.shoaldb.server..", "io.shoaldb.protocol..")
                .check(classes);
    }

    @Test
    void catalogDoesNotDependOnSqlOrProtocols() {
        noClasses().that().resideInAPackage("io.shoaldb.catalog..")
                .should().dependOnClassesThat().resideInAnyPackage("io.shoaldb.sql..", "io.shoaldb.api..",
                        "io.shoaldb.server..", "io.shoaldb.protocol..", "io.shoaldb.storage..")
                .check(classes);
    }

    @Test
    void sqlDoesNotDependOnCatalogInternalsOrExecution() {
        noClasses().that().resideInAPackage("io.shoaldb.sql..")
                .should().dependOnClassesThat().resideInAnyPackage("io.shoaldb.server..", "io.shoaldb.protocol..",
                        "io.shoaldb.storage..", "io.shoaldb.api..")
                .check(classes);
    }

    @Test
    void theObjectStoreKnowsOnlyBuckets() {
        noClasses().that().resideInAPackage("io.shoaldb.objectstore..")
                .should().dependOnClassesThat().resideInAnyPackage("io.shoaldb.storage..", "io.shoaldb.catalog..",
                        "io.shoaldb.sql..", "io.shoaldb.exec..", "io.shoaldb.txn..", "io.shoaldb.ingest..",
                        "io.shoaldb.api..", "io.shoaldb.server..", "io.shoaldb.protocol..")
                .check(classes);
    }

    @Test
    void theVectorAndCommonModulesAreLeaves() {
        noClasses().that().resideInAnyPackage("io.shoaldb.vector..", "io.shoaldb.common..")
                .should().dependOnClassesThat().resideInAnyPackage("io.shoaldb.storage..", "io.shoaldb.catalog..",
                        "io.shoaldb.sql..", "io.shoaldb.api..", "io.shoaldb.server..", "io.shoaldb.protocol..")
                .check(classes);
    }

    @Test
    void everyPackageDeclaresItsResponsibility() {
        classes.stream()
                .map(javaClass -> javaClass.getPackage())
                .distinct()
                .filter(pkg -> pkg.getName().startsWith("io.shoaldb"))
                .filter(pkg -> !pkg.getName().contains(".generated") && !pkg.getName().endsWith(".impl"))
                .forEach(pkg -> org.assertj.core.api.Assertions.assertThat(
                        pkg.tryGetPackageInfo().isPresent()).as("package-info.java in " + pkg.getName()).isTrue());
    }
}
