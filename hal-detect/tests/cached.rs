//! The cached `detect()`: one probe, one answer, whatever the concurrency.

use std::sync::{Arc, Barrier};

#[test]
fn sixty_four_threads_get_one_answer_from_one_probe() {
    let barrier = Arc::new(Barrier::new(64));
    let handles: Vec<_> = (0..64)
        .map(|_| {
            let b = Arc::clone(&barrier);
            std::thread::spawn(move || {
                b.wait();
                hal_detect::detect()
            })
        })
        .collect();
    let results: Vec<&'static hal_types::Detection> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    let first = results[0];
    assert!(results.iter().all(|r| std::ptr::eq(*r, first) && **r == *first));
    assert_eq!(hal_detect::probe_count(), 1);
    assert_eq!(hal_detect::detect(), first);
    assert_eq!(hal_detect::probe_count(), 1);
}
