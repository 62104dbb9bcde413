// Everything a Mantine Button (and UnstyledButton) draws with, in the order Mantine's cascade needs: Button's rules
// must come after UnstyledButton's (same specificity), or a button loses its background to UnstyledButton's reset.
// Imported once, by AppProviders: a second importer would move these files into a shared chunk whose stylesheet
// the page may link in the wrong order.
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
