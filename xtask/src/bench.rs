pub(crate) fn bench(_args: &[String]) -> Result<(), String> {
    Err("not yet".into())
}
