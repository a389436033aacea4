import { render, renderHook, screen } from '@testing-library/react';
import { useLeaveGuard } from '../ui/use-leave-guard';
import { FileList } from './file-list';

const files = [
  { id: 'a', name: 'nota.jpg', size: 2 * 1024 * 1024, label: 'Foto' },
  { id: 'b', name: 'nota.xml', size: 1024 * 1024, label: 'XML' },
];

describe('FileList while sending', () => {
  it('says how much of the whole send is done and how much is left, and each file its own percentage', () => {
    render(<FileList files={files} progress={[0.5, 0]} />);
    expect(screen.getByRole('status')).toHaveTextContent('Enviando: 33% · faltam 2 MB. Não feche esta página.');
    expect(screen.getByLabelText('Envio de nota.jpg')).toHaveValue(50);
    expect(screen.getAllByText('50%').length).toBeGreaterThan(0);
  });

  it('says nothing about sending before the send', () => {
    render(<FileList files={files} progress={null} />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('useLeaveGuard', () => {
  const leave = () => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  };

  it('asks before leaving only while an upload runs', () => {
    const { rerender, unmount } = renderHook(({ active }) => useLeaveGuard(active), { initialProps: { active: true } });
    expect(leave()).toBe(true);
    rerender({ active: false });
    expect(leave()).toBe(false);
    rerender({ active: true });
    unmount();
    expect(leave()).toBe(false);
  });
});
