// Everything a Mantine Modal draws with. Mantine's per-component CSS keeps the landing page's first load small,
// but a Modal's content is a Paper: without Paper.css its body is transparent over the overlay.
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
