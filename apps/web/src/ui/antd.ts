import { createRoot, type Root } from 'react-dom/client';
import { Dialog, unstableSetRender } from 'antd-mobile';

// antd-mobile's imperative Dialog renders with React 19's createRoot. Imported only by the
// (lazy) pages that open dialogs, so the first screen does not carry it.
unstableSetRender((node, container) => {
  const host = container as Element & { __chatdrRoot?: Root };
  host.__chatdrRoot ??= createRoot(container);
  const root = host.__chatdrRoot;
  root.render(node);
  return async () => {
    await Promise.resolve();
    root.unmount();
    delete host.__chatdrRoot;
  };
});

export { Dialog };
