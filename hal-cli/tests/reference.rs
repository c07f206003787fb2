//! The reference's capability matrix: the design's table to the letter, and every row's
//! wire form reads back as the matrix.

use hal_types::Capabilities;

#[test]
fn design_matrix_markdown() {
    insta::assert_snapshot!("design_matrix", hal_cli::reference::design_matrix_markdown());
}

#[test]
fn full_matrix_markdown() {
    insta::assert_snapshot!("full_matrix", hal_cli::reference::full_matrix_markdown());
}

/// The wire form of every row reads back as the same row, and the rows read back render
/// the matrix the snapshot above pins: the JSON drops nothing the matrix shows. (It
/// replaces a 708-line snapshot of the JSON, a second copy of the 60-line matrix.)
#[test]
fn wire_form_of_every_row_round_trips_to_the_matrix() {
    let rows = hal_caps::all_capabilities();
    assert_eq!(rows.len(), hal_caps::REGISTRY.len());
    let mut back = Vec::new();
    for row in &rows {
        let json = serde_json::to_value(row).unwrap();
        assert_eq!(json["provider"], row.provider.as_str());
        assert_eq!(json["stall_threshold_secs"], row.stall_threshold.as_secs(), "{}", row.provider);
        let read: Capabilities = serde_json::from_value(json.clone()).unwrap();
        assert_eq!(&read, row, "{json}");
        back.push(read);
    }
    assert_eq!(hal_cli::reference::matrix::matrix_by_row(&back), hal_cli::reference::full_matrix_markdown());
}
